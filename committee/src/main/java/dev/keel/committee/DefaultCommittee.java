package dev.keel.committee;

import dev.keel.core.ConfigurationException;
import dev.keel.core.content.Part;
import dev.keel.core.json.JsonPointers;
import dev.keel.core.json.JsonTreeReader;
import dev.keel.core.json.JsonTreeReader.ObjectValue;
import dev.keel.core.json.JsonTreeReader.Value;
import dev.keel.core.spi.ChatMessage;
import dev.keel.core.spi.ChatRequest;
import dev.keel.core.spi.ChatRole;
import dev.keel.core.spi.LlmBackend;
import dev.keel.core.spi.Pricing;
import dev.keel.core.spi.ResponseFormat;
import java.math.BigDecimal;
import java.time.Clock;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * {@link Committee}: phase A, the agents' rounds, scoring, phase B, then the reply the rules allow. Each run has its
 * own {@link BudgetLedger}. Thread-safe: no state is shared between runs; calls the backends it is given.
 */
final class DefaultCommittee implements Committee {

    /** Output tokens allowed per call: they bound every call's estimate. */
    static final int PLAN_TOKENS = 600;
    static final int AGENT_TOKENS = 1200;
    static final int SCORE_TOKENS_PER_AGENT = 120;
    static final int SYNTHESIS_TOKENS = 2000;
    /** Characters assumed per output token when a later prompt will carry earlier outputs (planning only). */
    private static final int CHARS_PER_TOKEN = 4;

    private static final ClarificationQuestion DEFAULT_QUESTION = new ClarificationQuestion(
            "The committee is not confident enough to answer yet. How should it go on?",
            List.of("Add detail: what you need, your constraints and what you have tried",
                    "Narrow the question to the one part that matters most",
                    "Ask again in deep mode for a larger committee and more rounds"));

    private final CommitteeConfig config;
    private final Map<String, LlmBackend> backends;
    private final Pricing pricing;
    private final Map<String, String> models;
    private final Clock clock;
    private final int attempts;

    /**
     * @param models the model each role's calls are priced as, when not the role's own name
     * @throws ConfigurationException when a role the committee calls is priced as a model {@code pricing} has no price for
     */
    DefaultCommittee(CommitteeConfig config, Map<String, LlmBackend> backends, Pricing pricing,
                            Map<String, String> models, Clock clock, int attempts) {
        this.config = Objects.requireNonNull(config, "config");
        this.backends = Map.copyOf(backends);
        this.pricing = Objects.requireNonNull(pricing, "pricing");
        this.models = Map.copyOf(models);
        for (String role : config.modelRoles()) {
            String model = BudgetLedger.model(this.models, role);
            if (!pricing.prices(model)) {
                throw new ConfigurationException("the committee's role '" + role + "' is priced as the model '" + model
                        + "', which has no price");
            }
        }
        this.clock = Objects.requireNonNull(clock, "clock");
        this.attempts = attempts;
    }

    @Override
    public CommitteeResponse answer(CommitteeRequest request, String requestId) {
        return new Run(request, requestId).run();
    }

    /** One request's run. */
    private final class Run {
        private final CommitteeRequest request;
        private final String requestId;
        private final BudgetLedger ledger;
        private final StrictExchange exchange;
        private final Map<String, Object> audit = new LinkedHashMap<>();

        Run(CommitteeRequest request, String requestId) {
            this.request = Objects.requireNonNull(request, "request");
            this.requestId = Objects.requireNonNull(requestId, "requestId");
            this.ledger = new BudgetLedger(config.capUsd(request.mode()), pricing, models);
            this.exchange = new StrictExchange(ledger, clock, attempts, requestId);
        }

        CommitteeResponse run() {
            PreHints hints = PreHints.of(request);
            audit.put("requestId", requestId);
            audit.put("mode", request.mode().wireName());
            audit.put("preHints", hints.toWire());
            List<String> available = new ArrayList<>(config.availableAgents());

            StrictExchange.Result<OrchestrationPlan> planned = exchange.run("master_plan", CommitteeConfig.MASTER,
                    backend(CommitteeConfig.MASTER), Prompts.plan(request, hints, available), PLAN_TOKENS,
                    (reader, tree) -> checked(reader, OrchestrationPlan.read(reader.root())));
            OrchestrationPlan plan = planned.value();
            audit.put("plan", plan == null ? null : plan.toWire());
            audit.put("planCall", planned.toAudit());
            TaskType taskType = plan != null ? plan.taskType() : hints.suggested().orElse(TaskType.MIXED);

            if (plan != null && plan.needsClarification()) {
                // A plan that needs a clarification carries its question: its constructor refuses one without.
                ClarificationQuestion question = Objects.requireNonNull(plan.clarificationQuestion(), "question");
                return askUser(plan, taskType, question, List.of(), List.of(), null,
                        CommitteeScore.compute(List.of(), config.scoring(), BigDecimal.ZERO, BigDecimal.ZERO));
            }

            List<String> agents = agentsFor(plan, available);
            // The master decides the rounds in every mode (seed, section 3.1); the mode's cap bounds them below.
            int rounds = plan == null ? 1 : plan.rounds();
            Map<String, Object> effective = new LinkedHashMap<>();
            effective.put("taskType", taskType.wireName());
            effective.put("requestedAgents", plan == null ? null : plan.agentsToRun());
            effective.put("requestedRounds", plan == null ? null : plan.rounds());
            int[] roundsLeft = {rounds};
            List<String> dropped = fitToBudget(agents, roundsLeft, taskType, plan);
            rounds = roundsLeft[0];
            effective.put("agents", List.copyOf(agents));
            effective.put("rounds", rounds);
            effective.put("droppedForBudget", dropped);
            audit.put("effectivePlan", effective);

            Map<String, Map<String, Object>> agentAudit = new LinkedHashMap<>();
            List<AgentOutput> outputs = runAgents(plan, taskType, agents, rounds, agentAudit);
            List<ScoredAgent> scored = score(outputs, agentAudit);
            List<AgentOutput> scoredOutputs = outputs.stream()
                    .filter(o -> scored.stream().anyMatch(s -> s.agent().equals(o.agent()))).toList();
            CommitteeScore statuses = CommitteeScore.compute(scored, config.scoring(), BigDecimal.ZERO, BigDecimal.ZERO);
            statuses.agents().forEach(c -> {
                Map<String, Object> entry = agentEntry(agentAudit, c.agent());
                entry.put("cred", c.cred());
                entry.put("status", c.status().wireName());
            });
            audit.put("agents", new ArrayList<>(agentAudit.values()));

            FinalSynthesis synthesis = null;
            if (!scoredOutputs.isEmpty()) {
                StrictExchange.Result<FinalSynthesis> synthesised = exchange.run("master_synthesis",
                        CommitteeConfig.MASTER, backend(CommitteeConfig.MASTER),
                        Prompts.synthesis(request, taskType, scoredOutputs, statuses.agents()), SYNTHESIS_TOKENS,
                        (reader, tree) -> checked(reader, taskType, scoredOutputs, statuses));
                audit.put("synthesisCall", synthesised.toAudit());
                synthesis = synthesised.value();
            }
            BigDecimal penalty = synthesis == null ? BigDecimal.ZERO : synthesis.conflictPenalty();
            BigDecimal bonus = synthesis == null ? BigDecimal.ZERO : synthesis.coverageBonus();
            CommitteeScore score = CommitteeScore.compute(scored, config.scoring(), penalty, bonus);
            List<String> used = outputs.stream().map(AgentOutput::agent).toList();
            if (score.action() == dev.keel.committee.Action.ASK_USER) {
                ClarificationQuestion question = synthesis != null && synthesis.clarificationQuestion() != null
                        ? synthesis.clarificationQuestion()
                        : plan != null && plan.clarificationQuestion() != null ? plan.clarificationQuestion() : DEFAULT_QUESTION;
                return askUser(plan, taskType, question, used, outputs, synthesis, score);
            }
            if (synthesis == null) {
                String reply = ReplyText.shipped(
                        List.of("The committee did not produce a reply that keeps its rules, so none is shown."),
                        "The master's synthesis could not be made, or broke the committee's rules again after it was"
                                + " asked to correct them; the audit appendix records why. Ask again, or ask in audit"
                                + " mode to see the committee's work.",
                        // A buildable task's reply keeps its section, saying why it is empty.
                        taskType.buildable() ? List.of("None: no answer is shipped, so there is nothing to check.")
                                : List.of(), List.of(), score.cFinal(), null);
                return finish(Outcome.REFUSED, reply, plan, taskType, used, outputs, null, score);
            }
            String reply = ReplyText.shipped(synthesis.tldr(), synthesis.replyMarkdown(),
                    synthesis.acceptanceTests(), synthesis.assumptions(), score.cFinal(), synthesis.estimate());
            return finish(Outcome.SHIPPED, reply, plan, taskType, used, outputs, synthesis, score);
        }

        /** The backend of a role the committee calls: Committee.Builder refuses a committee without one. */
        private LlmBackend backend(String role) {
            return Objects.requireNonNull(backends.get(role), role);
        }

        /** The audit entry of an agent that ran: every scored agent has one, made when it was called. */
        private Map<String, Object> agentEntry(Map<String, Map<String, Object>> agentAudit, String agent) {
            return Objects.requireNonNull(agentAudit.get(agent), agent);
        }

        /** The plan's agents that can run, else the core agents that can; a deep run keeps every one it may. */
        private List<String> agentsFor(@Nullable OrchestrationPlan plan, List<String> available) {
            List<String> agents = new ArrayList<>();
            List<String> unavailable = new ArrayList<>();
            if (plan != null) {
                for (String agent : plan.agentsToRun()) {
                    if (available.contains(agent)) {
                        agents.add(agent);
                    } else {
                        unavailable.add(agent);
                    }
                }
            }
            if (agents.isEmpty()) {
                CommitteeConfig.CORE_AGENTS.stream().filter(available::contains).forEach(agents::add);
            }
            audit.put("unavailableAgents", unavailable);
            return agents;
        }

        /**
         * Leaves out rounds, then agents from the end of the list, until the estimated cost of the agents' calls, the
         * scoring and the synthesis fits what is left under the cap. Returns what was left out.
         */
        private List<String> fitToBudget(List<String> agents, int[] rounds, TaskType taskType,
                                         @Nullable OrchestrationPlan plan) {
            List<String> dropped = new ArrayList<>();
            while (!agents.isEmpty() && !ledger.fits(estimateRun(agents, rounds[0], taskType, plan))) {
                if (rounds[0] > 1) {
                    dropped.add("round " + rounds[0]);
                    rounds[0]--;
                } else {
                    dropped.add(agents.remove(agents.size() - 1));
                }
            }
            if (!dropped.isEmpty()) {
                ledger.constrained();
            }
            return dropped;
        }

        private BigDecimal estimateRun(List<String> agents, int rounds, TaskType taskType,
                                       @Nullable OrchestrationPlan plan) {
            BigDecimal total = BigDecimal.ZERO;
            int carried = CHARS_PER_TOKEN * AGENT_TOKENS * agents.size();
            for (int round = 1; round <= rounds; round++) {
                for (String agent : agents) {
                    List<ChatMessage> messages = new ArrayList<>(Prompts.agent(request, plan, taskType, agent, round, List.of()));
                    if (round > 1) {
                        messages.add(filler(carried));
                    }
                    total = total.add(estimate(agent, request(messages, AGENT_TOKENS)));
                }
            }
            List<ChatMessage> scoring = new ArrayList<>(Prompts.score(request, List.of()));
            scoring.add(filler(carried));
            total = total.add(estimate(config.scorerRole(), request(scoring, SCORE_TOKENS_PER_AGENT * agents.size())));
            List<ChatMessage> synthesis = new ArrayList<>(Prompts.synthesis(request, taskType, List.of(), List.of()));
            synthesis.add(filler(carried));
            return total.add(estimate(CommitteeConfig.MASTER, request(synthesis, SYNTHESIS_TOKENS)));
        }

        /** The estimate of {@code request} as {@code role}'s backend would send it. */
        private BigDecimal estimate(String role, ChatRequest request) {
            return ledger.estimate(role, backend(role).outgoing(request));
        }

        private ChatRequest request(List<ChatMessage> messages, int maxOutputTokens) {
            return ChatRequest.builder().messages(messages).responseFormat(ResponseFormat.JSON)
                    .maxOutputTokens(Math.max(1, maxOutputTokens)).requestId(requestId).build();
        }

        private List<AgentOutput> runAgents(@Nullable OrchestrationPlan plan, TaskType taskType, List<String> agents,
                                            int rounds, Map<String, Map<String, Object>> agentAudit) {
            Map<String, AgentOutput> latest = new LinkedHashMap<>();
            for (int round = 1; round <= rounds; round++) {
                List<AgentOutput> previous = new ArrayList<>(latest.values());
                for (String agent : agents) {
                    if (round > 1 && !latest.containsKey(agent)) {
                        continue; // an agent that gave nothing in round 1 is not asked to revise
                    }
                    List<AgentOutput> others = previous.stream().filter(o -> !o.agent().equals(agent)).toList();
                    StrictExchange.Result<AgentOutput> result = exchange.run("agent:" + agent + ":round" + round, agent,
                            backend(agent), Prompts.agent(request, plan, taskType, agent, round, others), AGENT_TOKENS,
                            (reader, tree) -> AgentOutput.read(reader.root(), agent));
                    Map<String, Object> entry = agentAudit.computeIfAbsent(agent, a -> {
                        Map<String, Object> e = new LinkedHashMap<>();
                        e.put("agent", a);
                        e.put("latencyMs", 0L);
                        e.put("calls", new ArrayList<>());
                        return e;
                    });
                    entry.put("backend", result.backendId());
                    entry.put("latencyMs", (Long) Objects.requireNonNull(entry.get("latencyMs"), "latencyMs")
                            + result.latencyMs());
                    Map<String, Object> call = result.toAudit();
                    call.put("round", round);
                    @SuppressWarnings("unchecked")
                    List<Object> calls = (List<Object>) Objects.requireNonNull(entry.get("calls"), "calls");
                    calls.add(call);
                    if (result.ok()) {
                        latest.put(agent, Objects.requireNonNull(result.value(), "value"));
                    }
                }
            }
            return new ArrayList<>(latest.values());
        }

        /** The scores of every output, from the scorer role; an output the scorer did not score is not used. */
        private List<ScoredAgent> score(List<AgentOutput> outputs, Map<String, Map<String, Object>> agentAudit) {
            if (outputs.isEmpty()) {
                return List.of();
            }
            Set<String> names = new HashSet<>();
            outputs.forEach(o -> names.add(o.agent()));
            String role = config.scorerRole();
            StrictExchange.Result<List<ScoredAgent>> result = exchange.run("score", role, backend(role),
                    Prompts.score(request, outputs), SCORE_TOKENS_PER_AGENT * outputs.size(),
                    (reader, tree) -> readScores(reader, names));
            Map<String, Object> scoring = result.toAudit();
            scoring.put("role", role);
            audit.put("scoringCall", scoring);
            if (!result.ok()) {
                return List.of();
            }
            List<ScoredAgent> scores = Objects.requireNonNull(result.value(), "scores");
            List<ScoredAgent> ordered = new ArrayList<>();
            for (AgentOutput output : outputs) {
                scores.stream().filter(s -> s.agent().equals(output.agent())).findFirst().ifPresent(s -> {
                    ordered.add(s);
                    agentEntry(agentAudit, s.agent()).put("axes", s.axes().toWire());
                });
            }
            return ordered;
        }

        private @Nullable List<ScoredAgent> readScores(JsonTreeReader reader, Set<String> expected) {
            ObjectValue root = reader.root().object("scores");
            Value scoresValue = root.required("scores");
            Set<String> seen = new HashSet<>();
            List<ScoredAgent> scores = scoresValue.list(item -> {
                ObjectValue entry = item.object("agent", "axes");
                Value agentValue = entry.required("agent");
                String agent = agentValue.nonBlankString();
                if (agent != null && !expected.contains(agent)) {
                    agentValue.problem("names no agent that answered; score exactly " + String.join(", ", expected));
                } else if (agent != null && !seen.add(agent)) {
                    agentValue.problem("scores this agent twice");
                }
                AxisScores axes = AxisScores.read(entry.required("axes"));
                return entry.build(() -> new ScoredAgent(agent, axes));
            });
            if (scores != null) {
                for (String agent : expected) {
                    if (!seen.contains(agent)) {
                        scoresValue.problem("has no score for " + agent);
                    }
                }
            }
            return scores;
        }

        /**
         * The plan, its agents held to the configuration: a name that is no configured role is a problem sent back
         * to the master, not a lookup left to fail later; a configured role whose provider is disabled is left out
         * when the agents are chosen.
         */
        private @Nullable OrchestrationPlan checked(JsonTreeReader reader, @Nullable OrchestrationPlan plan) {
            if (plan == null) {
                return null;
            }
            for (int i = 0; i < plan.agentsToRun().size(); i++) {
                String agent = plan.agentsToRun().get(i);
                if (!config.roles().containsKey(agent) || agent.equals(CommitteeConfig.MASTER)
                        || agent.equals(CommitteeConfig.SCORER)) {
                    reader.problem(JsonPointers.child("/agentsToRun", i), "names no agent of the committee; choose"
                            + " from " + String.join(", ", config.availableAgents()));
                }
            }
            return reader.hasProblems() ? null : plan;
        }

        /** The synthesis, read and held to the rules; a broken rule is a problem sent back to the master. */
        private @Nullable FinalSynthesis checked(JsonTreeReader reader, TaskType taskType, List<AgentOutput> outputs,
                                                 CommitteeScore statuses) {
            FinalSynthesis synthesis = FinalSynthesis.read(reader.root());
            if (synthesis == null) {
                return null;
            }
            Set<String> cited = new HashSet<>();
            for (int i = 0; i < synthesis.citations().size(); i++) {
                Citation citation = synthesis.citations().get(i);
                String pointer = JsonPointers.child(JsonPointers.child("/audit/citations", i), "unit");
                cited.add(citation.unit());
                AgentOutput output = outputs.stream().filter(o -> o.agent().equals(citation.agent())).findFirst()
                        .orElse(null);
                CredStatus status = statuses.statusOf(citation.agent()).orElse(null);
                if (output == null || !output.hasUnit(citation.unitId())) {
                    reader.problem(pointer, "cites " + citation.unit() + ", which is no unit of an agent's output");
                } else if (status == CredStatus.DISCARD) {
                    reader.problem(pointer, "cites " + citation.unit() + " of a DISCARD agent; DISCARD outputs are"
                            + " never cited or used");
                } else if (status == CredStatus.QUARANTINE && citation.justificationOption().isEmpty()) {
                    reader.problem(pointer, "cites " + citation.unit() + " of a QUARANTINE agent without a"
                            + " justification of why quarantined material is used");
                }
            }
            for (String marker : ReplyText.markers(synthesis.replyMarkdown())) {
                if (!cited.contains(marker)) {
                    reader.problem("/replyMarkdown", "marks [" + marker + "] but audit.citations does not list it");
                }
            }
            if (ReplyText.usesHeadings(synthesis.replyMarkdown())) {
                reader.problem("/replyMarkdown", "uses a heading of the reply's own sections (## TL;DR, ## Answer,"
                        + " ## Assumptions, ## Confidence, ## Execution time estimate)");
            }
            if (ReplyText.asksUser(synthesis.replyMarkdown())) {
                reader.problem("/replyMarkdown", "asks the user with options; a question goes in"
                        + " clarificationQuestion, never in the reply");
            }
            if (ReplyText.hasPlan(synthesis.replyMarkdown()) && synthesis.estimate() == null) {
                reader.problem("/estimate", "required: replyMarkdown holds a plan (ordered steps)");
            }
            if (taskType.buildable() && synthesis.acceptanceTests().isEmpty()) {
                reader.problem("/acceptanceTests", "required: the task is " + taskType.wireName()
                        + ", something to build, so the reply lists how to check it is done");
            }
            return reader.hasProblems() ? null : synthesis;
        }

        private CommitteeResponse askUser(@Nullable OrchestrationPlan plan, TaskType taskType,
                                          ClarificationQuestion question, List<String> used, List<AgentOutput> outputs,
                                          @Nullable FinalSynthesis synthesis, CommitteeScore score) {
            return finish(Outcome.ASKED_USER, ReplyText.question(question), plan, taskType, used, outputs, synthesis,
                    score);
        }

        private CommitteeResponse finish(Outcome outcome, String reply, @Nullable OrchestrationPlan plan,
                                         TaskType taskType, List<String> used, List<AgentOutput> outputs,
                                         @Nullable FinalSynthesis synthesis, CommitteeScore score) {
            audit.putIfAbsent("agents", List.of());
            if (synthesis != null) {
                audit.put("disagreements", synthesis.disagreements());
                audit.put("citations", synthesis.citations().stream().map(Citation::toWire).toList());
                List<Object> justifications = new ArrayList<>();
                for (Citation citation : synthesis.citations()) {
                    if (score.statusOf(citation.agent()).orElse(null) == CredStatus.QUARANTINE) {
                        justifications.add(citation.toWire());
                    }
                }
                audit.put("quarantineJustifications", justifications);
                audit.put("estimate", synthesis.estimate() == null ? null : synthesis.estimate().toWire());
            } else {
                audit.put("disagreements", List.of());
                audit.put("citations", List.of());
                audit.put("quarantineJustifications", List.of());
                audit.put("estimate", null);
            }
            Map<String, Object> confidence = new LinkedHashMap<>();
            confidence.put("scores", score.toWire());
            confidence.put("conflictPenalty", synthesis == null ? BigDecimal.ZERO : synthesis.conflictPenalty());
            confidence.put("coverageBonus", synthesis == null ? BigDecimal.ZERO : synthesis.coverageBonus());
            confidence.put("askUserThreshold", config.scoring().askUserThreshold());
            audit.put("confidence", confidence);
            Map<String, Object> budget = new LinkedHashMap<>(ledger.report().toWire());
            budget.put("calls", ledger.calls());
            audit.put("budget", budget);
            audit.put("outcome", outcome.wireName());
            return CommitteeResponse.builder().requestId(requestId).request(request).reply(reply).outcome(outcome)
                    .taskType(taskType).score(score).askUserThreshold(config.scoring().askUserThreshold())
                    .budget(ledger.report()).usedAgents(used).plan(plan).agentOutputs(outputs).synthesis(synthesis)
                    .audit(audit).build();
        }
    }

    /**
     * A stand-in, for estimates only, for the outputs a later prompt will carry: a message of one JSON part (the kind
     * they will be sent as, so that it is filtered and sized as they will be) holding {@code length} characters.
     */
    private static ChatMessage filler(int length) {
        return ChatMessage.of(ChatRole.USER, Part.json("x".repeat(Math.max(0, length))));
    }
}
