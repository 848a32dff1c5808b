/**
 * Seed 000 §3.5, the LLM reasoning path: the structured prompt of the main explanatory subtask
 * ({@link dev.keel.llm.adapters.reasoning.ExplanationBrief}, {@link dev.keel.llm.adapters.reasoning.ExplanationPrompt}),
 * the one external call for an external backend target with fallback to the internal backend
 * ({@link dev.keel.llm.adapters.reasoning.ReasoningPath}), its reply as
 * {@link dev.keel.llm.adapters.reasoning.Commentary} (never evidence), and the embedded extractive backend that
 * writes the text from the evidence when no model is configured
 * ({@link dev.keel.llm.adapters.reasoning.EmbeddedBackend}).
 *
 * <p>Value types here are immutable and thread-safe; prompt rendering and the embedded writer are pure.
 */
package dev.keel.llm.adapters.reasoning;
