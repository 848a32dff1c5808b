package dev.keel.llm.adapters.guardrails;

import dev.langchain4j.guardrail.InputGuardrail;
import dev.langchain4j.guardrail.OutputGuardrail;

/**
 * Keel's governance as a pair of langchain4j guardrails, for AI Services:
 *
 * <pre>{@code
 * KeelGuardrails keel = KeelGuardrails.create(gate, filter);
 * Assistant assistant = AiServices.builder(Assistant.class)
 *         .chatModel(model)
 *         .inputGuardrails(keel.input())
 *         .outputGuardrails(keel.output())
 *         .build();
 * }</pre>
 *
 * <ul>
 *   <li>The input guardrail asks the {@link PolicyGate} once per call: DENY is a fatal failure (the model is not
 *       called; the message carries the reason codes only, nothing the policy withholds); PARTIAL lets the
 *       message through with {@link #PARTIAL_INSTRUCTION} appended; ALLOW lets it through unchanged.</li>
 *   <li>The output guardrail applies the {@link OutboundTextFilter} under the verdict the input guardrail reached
 *       for the same invocation (matched by the AI Services invocation id), rewriting the reply when the filter
 *       changed it. An invocation the input guardrail did not decide (the output guardrail used alone, or outside
 *       AI Services) fails fatally: the reply is withheld rather than released unfiltered.</li>
 * </ul>
 *
 * <p>Verdicts wait between the two guardrails in a bounded map (the oldest are dropped past 10,000 calls whose
 * model call never returned), so the pair is not pure; it is thread-safe when the gate and the filter
 * are.
 */
public interface KeelGuardrails {

    /** Appended to the user message under a PARTIAL decision (seed 000 §4.3). */
    String PARTIAL_INSTRUCTION = "Answer with qualitative trends only: no explicit numbers, dates or detailed calendar"
            + " structures.";

    /** Guardrails deciding with {@code gate} and filtering replies with {@code filter}. */
    static KeelGuardrails create(PolicyGate gate, OutboundTextFilter filter) {
        return new PairedGuardrails(gate, filter);
    }

    /** The policy decision as an input guardrail. */
    InputGuardrail input();

    /** The outbound filter as an output guardrail, under the input guardrail's verdict. */
    OutputGuardrail output();
}
