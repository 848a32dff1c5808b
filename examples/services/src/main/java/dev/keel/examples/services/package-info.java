/**
 * The government-services assistant: a multi-stage strict-JSON workflow (judgement, agency detection, category or
 * semantic analysis, service selection, multi-agency answer) on the governed call, over an invented catalogue of
 * agencies and services, built only from Keel's public parts. {@link dev.keel.examples.services.ServicesAssistant}
 * answers questions; {@link dev.keel.examples.services.EmbeddedStageModel} answers the stages offline as a
 * classifier when no model is configured. Described in {@code docs/services-example.md}. Every type here is
 * immutable and thread-safe unless its documentation says otherwise.
 */
package dev.keel.examples.services;
