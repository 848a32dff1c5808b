/**
 * Implementations behind the public types of {@code dev.keel.langchain4j} and its subpackages: the translation of
 * requests, replies and streams to and from langchain4j, the classification and redaction of provider failures, the
 * provider modules' presence checks, and the {@code ProviderClient}s through which keel-models' configured backends
 * reach the provider factories. Not API: types here may change without notice. Each class states whether it is
 * thread-safe.
 */
package dev.keel.langchain4j.internal;
