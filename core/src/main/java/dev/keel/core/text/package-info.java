/**
 * Text functions with JavaScript's exact semantics, for the places where a seed's reference implementation is
 * JavaScript and Keel must give the same result for the same input.
 *
 * <p>Pure functions; thread-safe.
 */
package dev.keel.core.text;
