/**
 * The MARP assistant's reasoning: the request of its main explanatory subtask, made of parts
 * ({@link dev.keel.examples.marp.reasoning.ExplanationBrief}, {@link dev.keel.examples.marp.reasoning.ExplanationPrompt}:
 * instructions as text, the evidence as labelled JSON values, the user's own message), the one call to the backend
 * routing chose with fallback to the internal backend ({@link dev.keel.examples.marp.reasoning.MarpReasoning}), its
 * reply as {@link dev.keel.examples.marp.reasoning.Commentary} (never evidence), and the extractive writer that
 * answers from the evidence when no model is configured ({@link dev.keel.examples.marp.reasoning.MarpExtractiveWriter}).
 *
 * <p>Value types here are immutable and thread-safe; building and reading requests and the writer are pure.
 */
package dev.keel.examples.marp.reasoning;
