/**
 * Text functions: JavaScript's exact semantics where a reference implementation is JavaScript and Keel must give
 * the same result for the same input ({@link dev.keel.core.text.JsText}), Unicode properties Java does not give
 * exactly ({@link dev.keel.core.text.UnicodeText}), the normal form in which text is scanned for what it says
 * rather than how it is written, with the way back to the original ({@link dev.keel.core.text.NormalizedText}),
 * the check of regular expressions from documents that must run in time linear in the text
 * ({@link dev.keel.core.text.LinearPatterns}), and the canonical form of role, clearance and domain names
 * ({@link dev.keel.core.text.Names}).
 *
 * <p>Pure functions and immutable values; thread-safe.
 */
package dev.keel.core.text;
