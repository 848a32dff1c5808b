package dev.keel.committee;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * What a committee run gives: the reply and its meta exactly as {@code POST /api/chat} returns them
 * ({@link #toWire()}: {@code {"reply", "meta": {"taskType", "c_final", "budget", "usedAgents", "invalidation"},
 * "audit"?}}, the audit appendix only for {@code audit} and {@code deep}), and everything a host stores about the
 * run ({@link #record()}: the request, the plan, the agent outputs, the scores and statuses, the reply and the audit
 * appendix, which is kept for every mode).
 *
 * <p>Immutable and thread-safe; the builder is not thread-safe.
 */
public final class CommitteeResponse {

    private final String requestId;
    private final CommitteeRequest request;
    private final String reply;
    private final Outcome outcome;
    private final TaskType taskType;
    private final CommitteeScore score;
    private final BigDecimal askUserThreshold;
    private final BudgetReport budget;
    private final List<String> usedAgents;
    private final @Nullable OrchestrationPlan plan;
    private final List<AgentOutput> agentOutputs;
    private final @Nullable FinalSynthesis synthesis;
    private final Map<String, Object> audit;

    private CommitteeResponse(Builder b) {
        this.requestId = Objects.requireNonNull(b.requestId, "requestId");
        this.request = Objects.requireNonNull(b.request, "request");
        this.reply = Objects.requireNonNull(b.reply, "reply");
        this.outcome = Objects.requireNonNull(b.outcome, "outcome");
        this.taskType = Objects.requireNonNull(b.taskType, "taskType");
        this.score = Objects.requireNonNull(b.score, "score");
        this.askUserThreshold = Objects.requireNonNull(b.askUserThreshold, "askUserThreshold");
        this.budget = Objects.requireNonNull(b.budget, "budget");
        this.usedAgents = List.copyOf(b.usedAgents);
        this.plan = b.plan;
        this.agentOutputs = List.copyOf(b.agentOutputs);
        this.synthesis = b.synthesis;
        this.audit = Collections.unmodifiableMap(new LinkedHashMap<>(b.audit));
    }

    public static Builder builder() {
        return new Builder();
    }

    public String requestId() {
        return requestId;
    }

    public CommitteeRequest request() {
        return request;
    }

    public Mode mode() {
        return request.mode();
    }

    /** The reply's Markdown: the full reply when shipped, exactly one question with options A, B and C when not. */
    public String reply() {
        return reply;
    }

    public Outcome outcome() {
        return outcome;
    }

    public TaskType taskType() {
        return taskType;
    }

    /** The credibilities, statuses and {@code c_final}, as {@link CommitteeScore} computed them. */
    public CommitteeScore score() {
        return score;
    }

    public BigDecimal cFinal() {
        return score.cFinal();
    }

    /** The threshold {@code c_final} was held against. */
    public BigDecimal askUserThreshold() {
        return askUserThreshold;
    }

    public BudgetReport budget() {
        return budget;
    }

    /** The agents whose outputs were produced, in the order they ran. */
    public List<String> usedAgents() {
        return usedAgents;
    }

    /** The master's plan, when it gave a valid one. */
    public Optional<OrchestrationPlan> plan() {
        return Optional.ofNullable(plan);
    }

    /** The agents' outputs of the last round, in the order they ran. */
    public List<AgentOutput> agentOutputs() {
        return agentOutputs;
    }

    /** The master's synthesis, when it gave one that kept the rules. */
    public Optional<FinalSynthesis> synthesis() {
        return Optional.ofNullable(synthesis);
    }

    /** The audit appendix (kept for every mode; on the wire only for {@code audit} and {@code deep}). */
    public Map<String, Object> audit() {
        return audit;
    }

    /** {@code {"taskType", "c_final", "budget", "usedAgents", "invalidation"}}. */
    public Map<String, Object> meta() {
        Map<String, Object> meta = new LinkedHashMap<>();
        meta.put("taskType", taskType.wireName());
        meta.put("c_final", score.cFinal());
        meta.put("budget", budget.toWire());
        meta.put("usedAgents", usedAgents);
        meta.put("invalidation", score.invalidation().toWire());
        return meta;
    }

    /** The response of {@code POST /api/chat}: {@code {"reply", "meta", "audit"?}}. */
    public Map<String, Object> toWire() {
        Map<String, Object> wire = new LinkedHashMap<>();
        wire.put("reply", reply);
        wire.put("meta", meta());
        if (request.mode().auditAppendix()) {
            wire.put("audit", audit);
        }
        return wire;
    }

    /**
     * What a host stores about the run: {@code {"requestId", "request", "outcome", "plan", "agentOutputs",
     * "scores", "synthesis", "response", "audit"}}.
     */
    public Map<String, Object> record() {
        Map<String, Object> record = new LinkedHashMap<>();
        record.put("requestId", requestId);
        record.put("request", request.toWire());
        record.put("outcome", outcome.wireName());
        record.put("plan", plan == null ? null : plan.toWire());
        List<Object> outputs = new ArrayList<>();
        agentOutputs.forEach(output -> outputs.add(output.toWire()));
        record.put("agentOutputs", outputs);
        record.put("scores", score.toWire());
        record.put("synthesis", synthesis == null ? null : synthesis.toWire());
        Map<String, Object> response = new LinkedHashMap<>();
        response.put("reply", reply);
        response.put("meta", meta());
        record.put("response", response);
        record.put("audit", audit);
        return record;
    }

    @Override
    public String toString() {
        return "CommitteeResponse{" + requestId + ", " + outcome.wireName() + ", c_final=" + score.cFinal() + "}";
    }

    /** Collects a response; not thread-safe. */
    public static final class Builder {
        // Required parts are null until set; build() refuses a response without them.
        private @Nullable String requestId;
        private @Nullable CommitteeRequest request;
        private @Nullable String reply;
        private @Nullable Outcome outcome;
        private @Nullable TaskType taskType;
        private @Nullable CommitteeScore score;
        private @Nullable BigDecimal askUserThreshold;
        private @Nullable BudgetReport budget;
        private List<String> usedAgents = List.of();
        private @Nullable OrchestrationPlan plan;
        private List<AgentOutput> agentOutputs = List.of();
        private @Nullable FinalSynthesis synthesis;
        private Map<String, Object> audit = Map.of();

        private Builder() {
        }

        public Builder requestId(String requestId) {
            this.requestId = requestId;
            return this;
        }

        public Builder request(CommitteeRequest request) {
            this.request = request;
            return this;
        }

        public Builder reply(String reply) {
            this.reply = reply;
            return this;
        }

        public Builder outcome(Outcome outcome) {
            this.outcome = outcome;
            return this;
        }

        public Builder taskType(TaskType taskType) {
            this.taskType = taskType;
            return this;
        }

        public Builder score(CommitteeScore score) {
            this.score = score;
            return this;
        }

        public Builder askUserThreshold(BigDecimal askUserThreshold) {
            this.askUserThreshold = askUserThreshold;
            return this;
        }

        public Builder budget(BudgetReport budget) {
            this.budget = budget;
            return this;
        }

        public Builder usedAgents(List<String> usedAgents) {
            this.usedAgents = usedAgents;
            return this;
        }

        /** The master's plan; null when it gave no valid one. */
        public Builder plan(@Nullable OrchestrationPlan plan) {
            this.plan = plan;
            return this;
        }

        public Builder agentOutputs(List<AgentOutput> agentOutputs) {
            this.agentOutputs = agentOutputs;
            return this;
        }

        /** The master's synthesis; null when it gave none that kept the rules. */
        public Builder synthesis(@Nullable FinalSynthesis synthesis) {
            this.synthesis = synthesis;
            return this;
        }

        public Builder audit(Map<String, Object> audit) {
            this.audit = audit;
            return this;
        }

        /** @throws NullPointerException when a required part is missing */
        public CommitteeResponse build() {
            return new CommitteeResponse(this);
        }
    }
}
