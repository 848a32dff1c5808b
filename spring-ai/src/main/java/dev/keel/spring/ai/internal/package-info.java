/**
 * Implementations behind {@code dev.keel.spring.ai}: the advisor over a {@code Pipeline}, a Spring AI prompt as the
 * governed call's labelled conversation, and a Spring AI {@code ChatModel} as a Keel backend. Not API: types here may
 * change without notice. Each class states whether it is thread-safe.
 */
package dev.keel.spring.ai.internal;
