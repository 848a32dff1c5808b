package dev.keel.examples.services;

import dev.keel.core.spi.IdSource;
import dev.keel.core.spi.SessionStore;
import dev.keel.pipeline.Reasoning;
import dev.keel.pipeline.ReasoningStep;
import dev.keel.pipeline.Turn;
import dev.keel.pipeline.TurnKey;
import dev.keel.stage.StageAttempt;
import dev.keel.stage.StageContracts;
import dev.keel.stage.StageRequest;
import dev.keel.stage.StageRun;
import dev.keel.stage.StageRuntime;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * The services turn's reasoning: one run of the stage workflow on the backend routing chose (reached through the
 * turn's governed backends, so prompts to an outside model are egress-filtered and a failed one falls back to the
 * embedded classifier), then the reply assembled from the catalogue. The catalogue sections the stages need come in
 * through a slot resolver: the detected agencies' dictionaries, the selected agency's service index, the other
 * detected agencies' indexes as the multi-agency snippets. Immutable; thread-safe when the store and ids are.
 */
final class StageReasoning implements ReasoningStep {

    /** What the run did, for the assistant's answer. */
    static final TurnKey<Result> RESULT = TurnKey.of("services_stage_run", Result.class);

    private final Catalogue catalogue;
    private final StageContracts contracts;
    private final SessionStore sessions;
    private final IdSource ids;
    private final int maxReasks;

    StageReasoning(Catalogue catalogue, StageContracts contracts, SessionStore sessions, IdSource ids, int maxReasks) {
        this.catalogue = catalogue;
        this.contracts = contracts;
        this.sessions = sessions;
        this.ids = ids;
        this.maxReasks = maxReasks;
    }

    @Override
    public Reasoning reason(Turn turn) {
        String target = turn.route().orElseThrow(() -> new IllegalStateException("reasoning runs after routing"))
                .backendTarget();
        RecordingSessionStore store = new RecordingSessionStore(sessions);
        StageRuntime runtime = StageRuntime.builder().backend(turn.backends().bound(target)).contracts(contracts)
                .sessionStore(store).idSource(ids).maxReasks(maxReasks).build();
        StageRequest.Builder request = StageRequest.builder().requestId(turn.requestId())
                .userPrompt(turn.request().message()).slotResolver(this::slot);
        turn.request().sessionId().ifPresent(request::sessionId);
        StageRun run = runtime.run(request.build());
        List<StageStep> steps = steps(run, store.states());

        ServicesAnswer.Outcome outcome;
        String text;
        List<String> services = List.of();
        Optional<ServiceReply> reply = run.completed() ? ServiceReply.assemble(catalogue, run.finalState())
                : Optional.empty();
        if (!run.completed()) {
            outcome = ServicesAnswer.Outcome.NOT_ANSWERED;
            text = "I could not find a reliable answer: the " + run.failure().orElseThrow().stageId()
                    + " stage gave no valid result. Please rephrase your question, or ask one of the agencies: "
                    + agencyList() + ".";
        } else if (reply.isPresent()) {
            outcome = ServicesAnswer.Outcome.ANSWERED;
            text = reply.get().text();
            services = reply.get().services();
        } else if (run.finalState().containsKey("service_select_v1")) {
            outcome = ServicesAnswer.Outcome.NOT_ANSWERED;
            text = "The service selected for your question is not in the catalogue, so I will not describe it."
                    + " Please ask one of the agencies: " + agencyList() + ".";
        } else {
            outcome = ServicesAnswer.Outcome.GUIDANCE;
            text = run.assistantReply().orElse("I can help with government services. What do you need?");
        }
        turn.put(RESULT, new Result(outcome, run, steps, services));
        turn.extension("stage_workflow", provenance(run, outcome, reply));
        Map<String, Object> details = new LinkedHashMap<>();
        details.put("session_id", run.sessionId());
        details.put("stages", run.stages());
        details.put("calls", run.attempts().size());
        details.put("outcome", outcome.wireName());
        turn.trace("stages", String.join(" -> ", run.stages()) + " (" + run.attempts().size() + " calls, "
                + outcome.wireName() + ")", details);
        return Reasoning.draft(text);
    }

    /** The catalogue section a stage asks for, from what the earlier stages decided. */
    private Object slot(String slot, String stageId, Map<String, Object> state) {
        List<Agency> detected = detected(state);
        switch (slot) {
            case ServicesContracts.KNOWLEDGE_BASE_DICTIONARY:
                if (stageId.equals("semantic_analysis_v1")) {
                    return detected.stream().map(Agency::knowledgeBaseDictionary).toList();
                }
                return selected(state, detected).map(Agency::knowledgeBaseDictionary).orElse(null);
            case ServicesContracts.SERVICE_INDEX:
                return selected(state, detected).map(Agency::serviceIndex).orElse(null);
            case ServicesContracts.AGENCY_SERVICE_SNIPPETS:
                Optional<Agency> selected = selected(state, detected);
                return detected.stream().filter(agency -> selected.map(s -> !s.equals(agency)).orElse(true))
                        .map(Agency::serviceIndex).toList();
            default:
                return null;
        }
    }

    /** The agencies {@code agency_detect_v1} detected that the catalogue knows, in order. */
    private List<Agency> detected(Map<String, Object> state) {
        List<Agency> agencies = new ArrayList<>();
        if (object(state.get("agency_detect_v1")).get("agencyDetected") instanceof List<?> ids) {
            ids.forEach(id -> catalogue.agency(String.valueOf(id)).ifPresent(agencies::add));
        }
        return agencies;
    }

    /** The agency whose services are chosen from: the primary agency on the high path, else the one detected. */
    private Optional<Agency> selected(Map<String, Object> state, List<Agency> detected) {
        Object primary = object(object(state.get("semantic_analysis_v1")).get("primaryAgency")).get("agencyId");
        if (primary != null) {
            return catalogue.agency(String.valueOf(primary));
        }
        return detected.stream().findFirst();
    }

    /** The steps of the trace: each attempt, and for an accepted one the state after its merge. */
    private static List<StageStep> steps(StageRun run, List<Map<String, Object>> states) {
        List<StageStep> steps = new ArrayList<>();
        int merged = 1; // the first recorded state is the start of the run
        for (StageAttempt attempt : run.attempts()) {
            Map<String, Object> after = attempt.valid() && merged < states.size() ? states.get(merged++) : null;
            steps.add(new StageStep(attempt.stageId(), attempt.attempt(), attempt.backendId(), attempt.rawOutput(),
                    attempt.violations(), after));
        }
        return steps;
    }

    private Map<String, Object> provenance(StageRun run, ServicesAnswer.Outcome outcome, Optional<ServiceReply> reply) {
        Map<String, Object> wire = new LinkedHashMap<>();
        wire.put("session_id", run.sessionId());
        wire.put("stages", run.stages());
        wire.put("completed", run.completed());
        wire.put("outcome", outcome.wireName());
        LinkedHashSet<String> backends = run.attempts().stream().map(StageAttempt::backendId)
                .collect(Collectors.toCollection(LinkedHashSet::new));
        wire.put("stage_backends", List.copyOf(backends));
        if (backends.contains(EmbeddedStageModel.ID)) {
            wire.put("embedded_stage_model", "a classifier, not a language model: each stage's JSON is computed from"
                    + " all-MiniLM-L6-v2 similarity between the question and the catalogue, in process");
        }
        reply.ifPresent(r -> {
            wire.put("services", r.services());
            wire.put("reply_source", "the catalogue's reply template, filled from the catalogue");
            if (!r.ignored().isEmpty()) {
                wire.put("ignored_placeholders", r.ignored());
            }
        });
        return wire;
    }

    private String agencyList() {
        return catalogue.agencies().stream().map(agency -> agency.name() + " (" + agency.path() + ")")
                .collect(Collectors.joining(", "));
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> object(Object value) {
        return value instanceof Map ? (Map<String, Object>) value : Map.of();
    }

    /** The run and what came of it. */
    record Result(ServicesAnswer.Outcome outcome, StageRun run, List<StageStep> steps, List<String> services) {
    }
}
