package dev.keel.benchmarks.pipeline;

import dev.keel.benchmarks.policy.OutboundFilterBenchmark;
import dev.keel.core.Decision;
import dev.keel.core.Principal;
import dev.keel.core.evidence.EvidenceItem;
import dev.keel.core.evidence.EvidenceSet;
import dev.keel.core.evidence.Locator;
import dev.keel.core.spi.AuditRecord;
import dev.keel.core.spi.AuditSink;
import dev.keel.core.spi.ChatMessage;
import dev.keel.core.spi.ChatReply;
import dev.keel.core.spi.ChatRequest;
import dev.keel.core.spi.InMemoryAuditSink;
import dev.keel.core.spi.LlmBackend;
import dev.keel.core.spi.TokenUsage;
import dev.keel.examples.marp.MarpData;
import dev.keel.pipeline.BackendCall;
import dev.keel.pipeline.Backends;
import dev.keel.pipeline.EvidenceProvider;
import dev.keel.pipeline.GovernedAnswer;
import dev.keel.pipeline.GovernedRequest;
import dev.keel.pipeline.Pipeline;
import dev.keel.pipeline.SingleCallReasoning;
import dev.keel.pipeline.TurnOutcome;
import dev.keel.policy.PolicyDocument;
import dev.keel.policy.QualitativeRestriction;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.function.UnaryOperator;

/**
 * The governed call the pipeline benchmarks measure, built from public API only, as a host builds it: the MARP
 * example's policy (three roles, five domains, two restrictions of five patterns, four domain rules, a top-secret
 * clearance and two markings that keep requests in the house) and routing table; a backend under every name the
 * table routes to, answering the 2 KB MARP answer of {@link OutboundFilterBenchmark#ANSWER} (figures, dates, hull
 * numbers, a vendor breakdown); evidence from memory, each item labelled with its domain and put into the prompt;
 * an audit sink that keeps one iteration's records.
 *
 * <p>The message is routed to an external backend for both principals, so every prompt passes the egress filter:
 * a planner's request is ALLOWed (the restrictions apply to the prompt and the answer), a guest's is PARTIAL (every
 * figure is withheld from the prompt's evidence and from the answer as well).
 */
final class GovernedCalls {

    static final String MESSAGE = "SCENARIO 3: retire two boats in Q3-Q4 while keeping capability above the"
            + " threshold; compare the transition calendars week by week, with dock use, crew readiness and budgets.";
    static final GovernedRequest PLANNER = GovernedRequest.of(Principal.of("planner", "secret"), MESSAGE);
    static final GovernedRequest GUEST = GovernedRequest.of(Principal.of("guest", "secret"), MESSAGE);

    private static final List<String> EXTERNAL = List.of("llama", "deepseek");
    private static final String INTERNAL = "internal_chatgpt";
    private static final List<String> EVIDENCE_DOMAINS = List.of("capability_planning", "transition_calendars",
            "budget_envelopes");

    private GovernedCalls() {
    }

    /** The request whose call is governed under {@code decision}: ALLOW for a planner, PARTIAL for a guest. */
    static GovernedRequest request(Decision decision) {
        return switch (decision) {
            case ALLOW -> PLANNER;
            case PARTIAL -> GUEST;
            case DENY -> throw new IllegalArgumentException("a denied call never reaches a model");
        };
    }

    /**
     * The MARP policy with its restrictions repeated {@code restrictionCopies} times and its domain rules
     * {@code domainRuleCopies} times. A copy does the work of its original and finds what it finds (a restriction
     * copy under an id of its own), so the policy grows and the decisions and answers stay the same.
     */
    static PolicyDocument policy(int restrictionCopies, int domainRuleCopies) {
        PolicyDocument marp = MarpData.policy();
        PolicyDocument.Builder policy = PolicyDocument.builder().policyId(marp.policyId()).version(marp.version())
                .description(marp.description()).clearanceLevels(marp.clearanceLevels())
                .sensitivity(marp.sensitivity()).partialInstruction(marp.partialInstruction());
        marp.roles().forEach(policy::role);
        for (int copy = 0; copy < restrictionCopies; copy++) {
            for (QualitativeRestriction r : marp.restrictions()) {
                policy.restriction(copy == 0 ? r : new QualitativeRestriction(r.id() + "_" + copy, r.description(),
                        r.patterns(), r.replacement()));
            }
        }
        for (int copy = 0; copy < domainRuleCopies; copy++) {
            marp.domainRules().forEach(policy::domainRule);
        }
        return policy.build();
    }

    /**
     * {@code count} weekly figures of the governed data view, about 110 characters each, labelled in turn with
     * the three planning domains the message asks about.
     */
    static List<EvidenceItem> evidence(int count) {
        List<EvidenceItem> items = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            String text = String.format(Locale.ROOT, "Calendar %s, week %d: capability %.2f, dock utilisation %.2f,"
                    + " crew readiness %.2f, budget committed %.1f of 120.0", i % 2 == 0 ? "A" : "B", 27 + i / 2 % 26,
                    0.80 + i % 15 / 100.0, 0.60 + i % 30 / 100.0, 0.70 + i % 25 / 100.0, 2.5 * (1 + i / 2 % 26));
            items.add(new EvidenceItem("governed_data", EVIDENCE_DOMAINS.get(i % EVIDENCE_DOMAINS.size()),
                    Locator.csv(MarpData.GOVERNED_DATA, i + 2), text));
        }
        return List.copyOf(items);
    }

    /** Evidence from memory: the items whose domain the request asks about. */
    static EvidenceProvider fromMemory(List<EvidenceItem> memory) {
        return turn -> {
            Set<String> asked = Set.copyOf(turn.governance().domains());
            return EvidenceSet.of(memory.stream().filter(item -> asked.contains(item.domain())).toList());
        };
    }

    /** A backend that answers the 2 KB MARP answer at once, as {@code id}. */
    static LlmBackend scripted(String id) {
        ChatReply reply = ChatReply.builder().text(OutboundFilterBenchmark.ANSWER).usage(new TokenUsage(1200, 520))
                .backendId(id).finishReason("stop").build();
        return request -> reply;
    }

    /**
     * A stand-in for a model: {@code backend} after a busy wait of {@code micros} microseconds, so that the wait
     * is the same at both speeds of the machine and does not depend on the scheduler's sleep granularity.
     */
    static LlmBackend spinning(LlmBackend backend, long micros) {
        return request -> {
            long end = System.nanoTime() + micros * 1_000;
            while (System.nanoTime() < end) {
                Thread.onSpinWait();
            }
            return backend.chat(request);
        };
    }

    /** The prompt of the one model call: the evidence as a system message, then the user's message. */
    static ChatRequest prompt(EvidenceSet evidence, String message) {
        StringBuilder system = new StringBuilder("Answer from this evidence only:");
        evidence.items().forEach(item -> system.append("\n- ").append(item.text()).append(" (")
                .append(item.locator()).append(')'));
        return ChatRequest.builder().addMessage(ChatMessage.system(system.toString()))
                .addMessage(ChatMessage.user(message)).build();
    }

    /**
     * The governed call: {@code policy}, the MARP routing table, under every name it routes to (Llama and
     * Deepseek external, ChatGPT internal) what {@code model} makes of that name's {@link #scripted} backend,
     * evidence from {@code memory}, one model call with the evidence in its prompt, audit to {@code audit}.
     */
    static Pipeline pipeline(PolicyDocument policy, UnaryOperator<LlmBackend> model, List<EvidenceItem> memory,
                             AuditSink audit) {
        return pipelineBuilder(policy, model, memory, audit).build();
    }

    /** {@link #pipeline}'s builder, for a benchmark that changes a part of it. */
    static Pipeline.Builder pipelineBuilder(PolicyDocument policy, UnaryOperator<LlmBackend> model,
                                            List<EvidenceItem> memory, AuditSink audit) {
        Backends.Builder backends = Backends.builder().internal(INTERNAL, model.apply(scripted(INTERNAL)));
        EXTERNAL.forEach(name -> backends.external(name, model.apply(scripted(name))));
        return Pipeline.builder().policy(policy).policySources(MarpData.POLICY).routing(MarpData.routingTable())
                .backends(backends.build()).evidence(fromMemory(memory))
                .reasoning(SingleCallReasoning.of(turn -> prompt(turn.evidence(), turn.request().message())))
                .auditSink(audit);
    }

    /**
     * Calls {@code pipeline} once for each decision and checks the call is the one measured: answered by an
     * external backend, under ALLOW with the restricted details withheld and the figures kept, under PARTIAL with
     * every figure withheld from the prompt and the answer.
     *
     * @throws IllegalStateException when it is not
     */
    static void check(Pipeline pipeline) {
        GovernedAnswer allowed = pipeline.call(PLANNER);
        require(allowed, Decision.ALLOW);
        if (!allowed.text().contains("[unit withheld]") || !allowed.text().contains("[vendor detail withheld]")
                || !allowed.text().contains("83%")) {
            throw new IllegalStateException("under ALLOW the restrictions, and only they, must apply: "
                    + allowed.text());
        }
        GovernedAnswer partial = pipeline.call(GUEST);
        require(partial, Decision.PARTIAL);
        if (partial.text().chars().anyMatch(Character::isDigit) || partial.calls().get(0).withheld().isEmpty()) {
            throw new IllegalStateException("under PARTIAL no figure may reach the model or the answer: "
                    + partial.calls() + " " + partial.text());
        }
    }

    private static void require(GovernedAnswer answer, Decision decision) {
        List<BackendCall> calls = answer.calls();
        if (answer.outcome() != TurnOutcome.ANSWERED || answer.decision() != decision || calls.size() != 1
                || !calls.get(0).external() || !EXTERNAL.contains(calls.get(0).used())) {
            throw new IllegalStateException("expected one external call answered under " + decision + ": "
                    + answer.decision() + ", " + answer.outcome() + ", " + calls);
        }
    }

    /**
     * An {@link InMemoryAuditSink} replaced at the start of every iteration ({@link #renew}), so that the records
     * of a whole run do not pile up in memory: a benchmark keeps one iteration's records, at most a few tens of
     * megabytes. Thread-safe.
     */
    static final class IterationAuditSink implements AuditSink {
        private volatile InMemoryAuditSink records = new InMemoryAuditSink();

        @Override
        public boolean append(AuditRecord record) {
            return records.append(record);
        }

        /** Drops the records kept so far. */
        void renew() {
            records = new InMemoryAuditSink();
        }

        /** How many records were kept since the last {@link #renew}. */
        int size() {
            return records.records().size();
        }
    }
}
