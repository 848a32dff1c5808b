package dev.keel.llm.adapters.guardrails;

import dev.keel.core.Decision;
import dev.langchain4j.data.message.ChatMessage;
import dev.langchain4j.data.message.UserMessage;
import dev.langchain4j.guardrail.GuardrailRequestParams;
import dev.langchain4j.guardrail.InputGuardrail;
import dev.langchain4j.guardrail.InputGuardrailRequest;
import dev.langchain4j.guardrail.InputGuardrailResult;
import dev.langchain4j.guardrail.OutputGuardrail;
import dev.langchain4j.guardrail.OutputGuardrailRequest;
import dev.langchain4j.guardrail.OutputGuardrailResult;
import dev.langchain4j.invocation.InvocationContext;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * Keel's governance as langchain4j guardrails, for AI Services:
 *
 * <pre>{@code
 * Assistant assistant = AiServices.builder(Assistant.class)
 *         .chatModel(model)
 *         .inputGuardrails(KeelGuardrails.input(gate))
 *         .outputGuardrails(KeelGuardrails.output(gate, filter))
 *         .build();
 * }</pre>
 *
 * <ul>
 *   <li>The input guardrail asks the {@link PolicyGate}: DENY is a fatal failure (the model is not called; the
 *       message carries the reason codes only, nothing the policy withholds); PARTIAL lets the message through
 *       with an instruction to answer qualitatively; ALLOW lets it through unchanged.</li>
 *   <li>The output guardrail asks the gate again for the same user message (the gate is deterministic, so no
 *       state is shared between the two) and passes the reply through the {@link OutboundTextFilter}, rewriting
 *       it when the filter changed it. A DENY here is fatal too.</li>
 * </ul>
 *
 * <p>Both guardrails are stateless and thread-safe when the gate and the filter are.
 */
public final class KeelGuardrails {

    /** Appended to the user message under a PARTIAL decision (seed 000 §4.3). */
    public static final String PARTIAL_INSTRUCTION = "Answer with qualitative trends only: no explicit numbers,"
            + " dates or detailed calendar structures.";

    private KeelGuardrails() {
    }

    /** The policy decision as an input guardrail. */
    public static InputGuardrail input(PolicyGate gate) {
        return new PolicyInputGuardrail(Objects.requireNonNull(gate, "gate"));
    }

    /** The outbound filter as an output guardrail, under the decision {@code gate} gives for the user message. */
    public static OutputGuardrail output(PolicyGate gate, OutboundTextFilter filter) {
        return new FilterOutputGuardrail(Objects.requireNonNull(gate, "gate"), Objects.requireNonNull(filter, "filter"));
    }

    private static String denial(GateVerdict verdict) {
        return "Keel governance denied the request" + (verdict.reasonCodes().isEmpty() ? ""
                : " (" + String.join(", ", verdict.reasonCodes().values()) + ")");
    }

    private static final class PolicyInputGuardrail implements InputGuardrail {
        private final PolicyGate gate;

        PolicyInputGuardrail(PolicyGate gate) {
            this.gate = gate;
        }

        @Override
        public InputGuardrailResult validate(InputGuardrailRequest request) {
            String text = request.userMessage().singleText();
            InvocationContext context = request.requestParams() == null ? null : request.requestParams().invocationContext();
            GateVerdict verdict = gate.decide(new GuardedInput(text, context));
            if (verdict.decision() == Decision.DENY) {
                return fatal(denial(verdict));
            }
            if (verdict.decision() == Decision.PARTIAL) {
                return successWith(text + "\n\n" + PARTIAL_INSTRUCTION);
            }
            return success();
        }

        @Override
        public String name() {
            return "keel-policy";
        }
    }

    private static final class FilterOutputGuardrail implements OutputGuardrail {
        private final PolicyGate gate;
        private final OutboundTextFilter filter;

        FilterOutputGuardrail(PolicyGate gate, OutboundTextFilter filter) {
            this.gate = gate;
            this.filter = filter;
        }

        @Override
        public OutputGuardrailResult validate(OutputGuardrailRequest request) {
            GuardrailRequestParams params = request.requestParams();
            InvocationContext context = params == null ? null : params.invocationContext();
            Optional<String> userMessage = userMessage(params, context);
            if (userMessage.isEmpty()) {
                // without the user message the decision cannot be repeated: withhold rather than guess
                return fatal("Keel governance could not find the user message to decide on");
            }
            GateVerdict verdict = gate.decide(new GuardedInput(userMessage.get(), context));
            if (verdict.decision() == Decision.DENY) {
                return fatal(denial(verdict));
            }
            String reply = request.responseFromLLM().aiMessage().text();
            if (reply == null) {
                return success();
            }
            String filtered = filter.filter(verdict, reply);
            return filtered.equals(reply) ? success() : successWith(filtered);
        }

        /** The user message as the user wrote it (before the input guardrail's PARTIAL instruction). */
        private static Optional<String> userMessage(GuardrailRequestParams params, InvocationContext context) {
            if (context != null && context.userMessage() != null) {
                return Optional.of(withoutPartialInstruction(context.userMessage().singleText()));
            }
            if (params != null && params.chatMemory() != null) {
                List<ChatMessage> messages = params.chatMemory().messages();
                for (int i = messages.size() - 1; i >= 0; i--) {
                    if (messages.get(i) instanceof UserMessage) {
                        return Optional.of(withoutPartialInstruction(((UserMessage) messages.get(i)).singleText()));
                    }
                }
            }
            return Optional.empty();
        }

        private static String withoutPartialInstruction(String text) {
            String suffix = "\n\n" + PARTIAL_INSTRUCTION;
            return text.endsWith(suffix) ? text.substring(0, text.length() - suffix.length()) : text;
        }

        @Override
        public String name() {
            return "keel-outbound-filter";
        }
    }
}
