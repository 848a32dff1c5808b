/**
 * Implementations behind {@code dev.keel.aiservices}: the chat model over a {@code Pipeline}, the exchange between
 * langchain4j's chat request and the governed call (the conversation as labelled messages), the chat's reasoning
 * step, and the labels kept by session and content. Not API: types here may change without notice. Each class states
 * whether it is thread-safe.
 */
package dev.keel.aiservices.internal;
