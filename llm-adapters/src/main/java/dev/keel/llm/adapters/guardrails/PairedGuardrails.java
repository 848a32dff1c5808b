package dev.keel.llm.adapters.guardrails;

import dev.keel.core.Decision;
import dev.langchain4j.guardrail.GuardrailRequestParams;
import dev.langchain4j.guardrail.InputGuardrail;
import dev.langchain4j.guardrail.InputGuardrailRequest;
import dev.langchain4j.guardrail.InputGuardrailResult;
import dev.langchain4j.guardrail.OutputGuardrail;
import dev.langchain4j.guardrail.OutputGuardrailRequest;
import dev.langchain4j.guardrail.OutputGuardrailResult;
import dev.langchain4j.invocation.InvocationContext;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.UUID;

/** {@link KeelGuardrails}. Not pure (keeps pending verdicts); thread-safe: pending verdicts are kept in a synchronized, bounded map. */
final class PairedGuardrails implements KeelGuardrails {

    static final int MAX_PENDING = 10_000;

    private final PolicyGate gate;
    private final OutboundTextFilter filter;
    private final Map<UUID, GateVerdict> pending = new LinkedHashMap<>() {
        private static final long serialVersionUID = 1L;

        @Override
        protected boolean removeEldestEntry(Map.Entry<UUID, GateVerdict> eldest) {
            return size() > MAX_PENDING;
        }
    };
    private final InputGuardrail input = new PolicyInput();
    private final OutputGuardrail output = new FilterOutput();

    PairedGuardrails(PolicyGate gate, OutboundTextFilter filter) {
        this.gate = Objects.requireNonNull(gate, "gate");
        this.filter = Objects.requireNonNull(filter, "filter");
    }

    @Override
    public InputGuardrail input() {
        return input;
    }

    @Override
    public OutputGuardrail output() {
        return output;
    }

    private static InvocationContext contextOf(GuardrailRequestParams params) {
        return params == null ? null : params.invocationContext();
    }

    private static String denial(GateVerdict verdict) {
        return "Keel governance denied the request" + (verdict.reasonCodes().isEmpty() ? ""
                : " (" + String.join(", ", verdict.reasonCodes().values()) + ")");
    }

    private final class PolicyInput implements InputGuardrail {
        @Override
        public InputGuardrailResult validate(InputGuardrailRequest request) {
            String text = request.userMessage().singleText();
            InvocationContext context = contextOf(request.requestParams());
            GateVerdict verdict = gate.decide(new GuardedInput(text, context));
            if (verdict.decision() == Decision.DENY) {
                return fatal(denial(verdict));
            }
            if (context != null && context.invocationId() != null) {
                synchronized (pending) {
                    pending.put(context.invocationId(), verdict);
                }
            }
            return verdict.decision() == Decision.PARTIAL ? successWith(text + "\n\n" + PARTIAL_INSTRUCTION) : success();
        }

        @Override
        public String name() {
            return "keel-policy";
        }
    }

    private final class FilterOutput implements OutputGuardrail {
        @Override
        public OutputGuardrailResult validate(OutputGuardrailRequest request) {
            InvocationContext context = contextOf(request.requestParams());
            GateVerdict verdict = null;
            if (context != null && context.invocationId() != null) {
                synchronized (pending) {
                    verdict = pending.remove(context.invocationId());
                }
            }
            if (verdict == null) {
                return fatal("Keel governance has no decision for this call: add the input guardrail of the same"
                        + " KeelGuardrails to the AI Service");
            }
            String reply = request.responseFromLLM().aiMessage().text();
            if (reply == null) {
                return success();
            }
            String filtered = filter.filter(verdict, reply);
            return filtered.equals(reply) ? success() : successWith(filtered);
        }

        @Override
        public String name() {
            return "keel-outbound-filter";
        }
    }

    /** Verdicts waiting for their output guardrail (for tests). */
    int pendingCount() {
        synchronized (pending) {
            return pending.size();
        }
    }
}
