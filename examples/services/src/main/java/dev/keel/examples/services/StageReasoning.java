package dev.keel.examples.services;

import dev.keel.core.spi.IdSource;
import dev.keel.core.spi.SessionStore;
import dev.keel.pipeline.Reasoning;
import dev.keel.pipeline.ReasoningStep;
import dev.keel.pipeline.Turn;
import dev.keel.pipeline.TurnKey;
import dev.keel.pipeline.TurnOutcome;
import dev.keel.stage.StageAttempt;
import dev.keel.stage.StageContracts;
import dev.keel.stage.StageFailure;
import dev.keel.stage.StageRequest;
import dev.keel.stage.StageRun;
import dev.keel.stage.StageRuntime;
import dev.keel.stage.StageViolation;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * The services turn's reasoning: one run of the stage workflow, bound to the catalogue
 * ({@link ServicesContracts#forCatalogue}), on the backend routing chose (reached through the turn's governed
 * backends, so prompts to an outside model are egress-filtered and a failed one falls back to the embedded
 * classifier), then the reply assembled from the catalogue. The catalogue sections the stages need come in through a
 * slot resolver: the catalogue's agencies for agency detection, the detected agencies' dictionaries, the selected
 * agency's service index, the other detected agencies' indexes as the multi-agency snippets. A session's earlier
 * answered turns ({@link ChatContext}) go to the stages as {@code chat_context_summary}, with a runtime directive that
 * a follow-up keeps the last service. A run that fails ends the turn with a clarification that says what could not be
 * told. Immutable; thread-safe when the store and ids are.
 */
final class StageReasoning implements ReasoningStep {

    /** What the run did, for the assistant's answer. */
    static final TurnKey<Result> RESULT = TurnKey.of("services_stage_run", Result.class);

    private final Catalogue catalogue;
    private final StageContracts contracts;
    private final SessionStore sessions;
    private final ChatContext context;
    private final IdSource ids;
    private final int maxReasks;
    private final String runtimeDirective;

    StageReasoning(Catalogue catalogue, SessionStore sessions, IdSource ids, int maxReasks, String runtimeDirective) {
        this.catalogue = catalogue;
        this.contracts = ServicesContracts.forCatalogue(catalogue);
        this.sessions = sessions;
        this.context = new ChatContext(sessions);
        this.ids = ids;
        this.maxReasks = maxReasks;
        this.runtimeDirective = runtimeDirective;
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
        List<ChatContext.Item> earlier = turn.request().sessionId().map(context::read).orElse(List.of());
        turn.request().sessionId().ifPresent(request::sessionId);
        if (!earlier.isEmpty()) {
            request.chatContextSummary(earlier.stream().map(ChatContext.Item::summary).toList());
        }
        directive(earlier).ifPresent(request::runtimeDirective);
        StageRun run = runtime.run(request.build());
        List<StageStep> steps = steps(run, store.states());

        ServicesAnswer.Outcome outcome;
        String text;
        List<String> services = List.of();
        Optional<ServiceReply> reply = run.completed() ? ServiceReply.assemble(catalogue, run.finalState())
                : Optional.empty();
        if (!run.completed()) {
            outcome = ServicesAnswer.Outcome.NOT_ANSWERED;
            text = couldNotTell(run.failure().orElseThrow());
        } else if (reply.isPresent()) {
            outcome = ServicesAnswer.Outcome.ANSWERED;
            text = reply.get().text();
            services = reply.get().services();
            context.append(run.sessionId(), catalogue, services.get(0), turn.request().message());
        } else {
            // No service was selected (the contracts admit only the catalogue's): the judgement's guidance.
            outcome = ServicesAnswer.Outcome.GUIDANCE;
            text = run.assistantReply().orElse("I can help with government services. What do you need?");
        }
        turn.put(RESULT, new Result(outcome, run, steps, services));
        Map<String, Object> workflow = provenance(run, outcome, reply, earlier);
        turn.extension("stage_workflow", workflow);
        turn.auditDetail("stage_workflow", workflow);
        Map<String, Object> details = new LinkedHashMap<>();
        details.put("session_id", run.sessionId());
        details.put("stages", run.stages());
        details.put("calls", run.attempts().size());
        details.put("reasks", reasks(run).size());
        details.put("outcome", outcome.wireName());
        turn.trace("stages", String.join(" -> ", run.stages()) + " (" + run.attempts().size() + " calls, "
                + reasks(run).size() + " re-asks, " + outcome.wireName() + ")", details);
        // A turn the stages could not settle asks the user to say more: a governed clarification, not an answer.
        return outcome == ServicesAnswer.Outcome.NOT_ANSWERED ? Reasoning.endTurn(TurnOutcome.CLARIFICATION, text)
                : Reasoning.draft(text);
    }

    /**
     * The runtime directive of a turn: the operator's, and on a follow-up what the earlier turns settled, so that a
     * question that names no service keeps the last one.
     */
    private Optional<String> directive(List<ChatContext.Item> earlier) {
        List<String> parts = new ArrayList<>();
        if (!runtimeDirective.isBlank()) {
            parts.add(runtimeDirective);
        }
        if (!earlier.isEmpty()) {
            ChatContext.Item last = earlier.get(earlier.size() - 1);
            parts.add("This turn continues the conversation in input.chat_context_summary. When input.user_prompt"
                    + " names no service or agency of its own, it asks about the last one there: service "
                    + last.service() + " of agency " + last.agency() + ".");
        }
        return parts.isEmpty() ? Optional.empty() : Optional.of(String.join(" ", parts));
    }

    /** The clarification of a run that failed: what could not be told, at which stage, and why, in words. */
    private String couldNotTell(StageFailure failure) {
        String what = switch (failure.stageId()) {
            case "judgement_v1" -> "I could not tell whether your question is about a government service";
            case "agency_detect_v1" -> "I could not tell which agency handles your question";
            case "category_select_v1", "semantic_analysis_v1" ->
                    "I could not tell which of the agency's areas your question is about";
            case "service_select_v1" -> "I could not tell which service fits your question";
            case "multi_agency_service_answer_v1" -> "I could not combine the agencies' services into one answer";
            default -> "I could not find a reliable answer";
        };
        String why = failure.reason() == StageFailure.Reason.OUTPUT_INVALID
                ? "the answers to the " + failure.stageId() + " stage kept breaking its contract ("
                        + String.join(", ", codes(failure.violations())) + ")"
                : "the " + failure.stageId() + " stage stopped: " + failure.reason().code();
        return what + ": " + why + ". Please rephrase your question or name the agency you need: " + agencyList()
                + ".";
    }

    /** The catalogue section a stage asks for, from what the earlier stages decided. */
    private Object slot(String slot, String stageId, Map<String, Object> state) {
        List<Agency> detected = detected(state);
        switch (slot) {
            case ServicesContracts.AGENCY_CATALOG:
                return catalogue.agencies().stream().map(Agency::info).toList();
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

    private Map<String, Object> provenance(StageRun run, ServicesAnswer.Outcome outcome, Optional<ServiceReply> reply,
                                           List<ChatContext.Item> earlier) {
        Map<String, Object> wire = new LinkedHashMap<>();
        wire.put("session_id", run.sessionId());
        wire.put("stages", run.stages());
        wire.put("completed", run.completed());
        wire.put("outcome", outcome.wireName());
        wire.put("reasks", reasks(run));
        run.failure().ifPresent(failure -> {
            Map<String, Object> failed = new LinkedHashMap<>();
            failed.put("reason", failure.reason().code());
            failed.put("stage", failure.stageId());
            failed.put("codes", codes(failure.violations()));
            wire.put("failure", failed);
        });
        if (!earlier.isEmpty()) {
            wire.put("follows_up", earlier.get(earlier.size() - 1).service());
        }
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

    /** Each rejected output: the stage, the attempt, and the violation codes it was asked again (or failed) with. */
    private static List<Map<String, Object>> reasks(StageRun run) {
        List<Map<String, Object>> reasks = new ArrayList<>();
        for (StageAttempt attempt : run.attempts()) {
            if (!attempt.valid()) {
                Map<String, Object> item = new LinkedHashMap<>();
                item.put("stage", attempt.stageId());
                item.put("attempt", attempt.attempt());
                item.put("codes", codes(attempt.violations()));
                reasks.add(item);
            }
        }
        return reasks;
    }

    private static List<String> codes(List<StageViolation> violations) {
        return violations.stream().map(violation -> violation.code().code()).distinct().toList();
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
