/**
 * The MARP assistant's reasoning path: the structured prompt of its main explanatory subtask
 * ({@link dev.keel.examples.marp.reasoning.ExplanationBrief}, {@link dev.keel.examples.marp.reasoning.ExplanationPrompt}),
 * the one external call for an external backend target with fallback to the internal backend
 * ({@link dev.keel.examples.marp.reasoning.ReasoningPath}), its reply as
 * {@link dev.keel.examples.marp.reasoning.Commentary} (never evidence), and the extractive writer that answers
 * from the evidence when no model is configured ({@link dev.keel.examples.marp.reasoning.MarpExtractiveWriter}).
 *
 * <p>Value types here are immutable and thread-safe; prompt rendering and the writer are pure.
 */
package dev.keel.examples.marp.reasoning;
