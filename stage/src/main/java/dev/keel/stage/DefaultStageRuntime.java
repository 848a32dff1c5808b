package dev.keel.stage;

import dev.keel.core.InvalidContractException;
import dev.keel.core.InvalidInputException;
import dev.keel.core.reask.Attempt;
import dev.keel.core.reask.ReaskResult;
import dev.keel.core.reask.Reasker;
import dev.keel.core.reask.Verdict;
import dev.keel.core.spi.ChatMessage;
import dev.keel.core.spi.ChatReply;
import dev.keel.core.spi.ChatRequest;
import dev.keel.core.spi.IdSource;
import dev.keel.core.spi.LlmBackend;
import dev.keel.core.spi.ResponseFormat;
import dev.keel.core.spi.SessionStore;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * The {@link StageRuntime}. Immutable after construction; thread-safe as long as its SPIs are. See
 * {@link StageRuntime} for the behaviour.
 */
final class DefaultStageRuntime implements StageRuntime {

    private final LlmBackend backend;
    private final SessionStore store;
    private final IdSource ids;
    private final StageContracts contracts;
    private final StageContract entry;
    private final int maxReasks;
    private final int maxStages;
    private final StageValidator validator;
    private final PromptAssembler prompts;
    /** The cached_state keys the reachable contracts merge into: cleared at the start of each run. */
    private final Set<String> ownedSlices;

    DefaultStageRuntime(LlmBackend backend, SessionStore store, IdSource ids, StageContracts contracts,
                               String entryStage, int maxReasks, int maxStages, StageValidator validator) {
        this.backend = backend;
        this.store = store;
        this.ids = ids;
        this.contracts = contracts;
        this.entry = contracts.find(entryStage).orElseThrow(() -> new InvalidContractException(
                "the entry stage '" + entryStage + "' has no contract; known stages: " + contracts.ids()));
        this.maxReasks = maxReasks;
        this.maxStages = maxStages;
        this.validator = validator;
        List<StageContract> reachable = reachableFromEntry();
        List<StageContract> modelStages = new ArrayList<>();
        Set<String> owned = new LinkedHashSet<>();
        for (StageContract contract : reachable) {
            if (contract.kind() == StageKind.MODEL) {
                modelStages.add(contract);
                contract.stateMerge().forEach(slice -> owned.add(slice.into()));
            }
        }
        this.ownedSlices = Set.copyOf(owned);
        this.prompts = new PromptAssembler(entry, modelStages);
    }

    /** Every contract reachable from the entry; checks that the workflow is whole. */
    private List<StageContract> reachableFromEntry() {
        List<StageContract> reachable = new ArrayList<>();
        Set<String> seen = new HashSet<>();
        Deque<StageContract> queue = new ArrayDeque<>(List.of(entry));
        seen.add(entry.id());
        boolean endReachable = false;
        while (!queue.isEmpty()) {
            StageContract contract = queue.removeFirst();
            reachable.add(contract);
            if (contract.kind() == StageKind.SYSTEM && contract != entry) {
                throw new InvalidContractException("stage '" + contract.id() + "' is a system stage but not the entry;"
                        + " the persona block can only come first");
            }
            endReachable |= contract.kind() == StageKind.END;
            for (String next : contract.nextStep().allowed()) {
                StageContract nextContract = contracts.find(next).orElseThrow(() -> new InvalidContractException(
                        "stage '" + contract.id() + "' may continue with '" + next + "', which has no contract"));
                if (seen.add(next)) {
                    queue.addLast(nextContract);
                }
            }
        }
        if (!endReachable) {
            throw new InvalidContractException("no end stage can be reached from '" + entry.id() + "'");
        }
        return reachable;
    }

    @Override
    public StageRun run(StageRequest request) {
        String runId = request.requestId().orElseGet(ids::nextId);
        String sessionId = request.sessionId().orElseGet(ids::nextId);
        store.update(sessionId, state -> startOfRun(state, sessionId));
        Run run = new Run(runId, sessionId, request);
        String current = entry.kind() == StageKind.SYSTEM ? entry.nextStep().allowed().get(0) : entry.id();
        int modelStages = 0;
        while (true) {
            StageContract contract = contracts.require(current);
            run.stages.add(current);
            if (contract.kind() == StageKind.END) {
                return run.finish(null);
            }
            if (++modelStages > maxStages) {
                return run.finish(new StageFailure(StageFailure.Reason.STAGE_LIMIT_EXCEEDED, current, "the run reached "
                        + "its limit of " + maxStages + " model stages; the contracts' next steps may form a cycle", List.of()));
            }
            Map<String, Object> state = store.read(sessionId);
            List<StageViolation> unmet = validator.checkPreconditions(contract, state);
            if (!unmet.isEmpty()) {
                return run.finish(new StageFailure(StageFailure.Reason.STATE_PRECONDITION_FAILED, current, "cached_state"
                        + " does not meet the preconditions of stage " + current + "; the model was not called", unmet));
            }
            StageValidation accepted = runStage(run, contract, state);
            if (!accepted.valid()) {
                return run.finish(new StageFailure(StageFailure.Reason.OUTPUT_INVALID, current, "the output of stage "
                        + current + " still broke its contract after " + maxReasks
                        + (maxReasks == 1 ? " re-ask" : " re-asks"), accepted.violations()));
            }
            Map<String, Object> patch = accepted.statePatch().orElseThrow();
            store.update(sessionId, previous -> merged(previous, patch));
            Map<String, Object> output = accepted.output().orElseThrow();
            if (output.get(StageContract.ASSISTANT_REPLY) instanceof String) {
                run.assistantReply = (String) output.get(StageContract.ASSISTANT_REPLY);
            }
            if (output.get(StageContract.RESPONSE_ID) instanceof String) {
                run.responseIds.add((String) output.get(StageContract.RESPONSE_ID));
            }
            current = accepted.nextStep().orElseThrow();
        }
    }

    /** Calls the stage until an output is valid or the re-asks are spent; returns the last validation. */
    private StageValidation runStage(Run run, StageContract contract, Map<String, Object> state) {
        Map<String, Object> slots = slotValues(run.request, contract, state);
        List<String> slotNames = List.copyOf(slots.keySet());
        ChatRequest request = ChatRequest.builder()
                .messages(List.of(prompts.persona(), prompts.directive(contract.id()), prompts.userBlock(slots)))
                .responseFormat(ResponseFormat.JSON).requestId(run.runId).purpose(contract.id()).build();
        // Only the last rejected output and its note go back, so that a re-ask's prompt does not grow.
        Reasker reasker = Reasker.builder().maxReasks(maxReasks).history(Reasker.History.LAST)
                .correction(problems -> prompts.correction(contract.id(), problems)).build();
        ReaskResult<StageValidation> result = reasker.ask(backend, request, (reply, attempt) -> {
            StageValidation validation = validator.validate(contract, reply,
                    new ValidationContext(state, run.responseIds, attempt > 1));
            return new Verdict<>(validation, validation.violations().stream().map(StageViolation::toProblem).toList());
        });
        for (Attempt<StageValidation> attempt : result.attempts()) {
            if (attempt.reply().isPresent()) {
                run.attempts.add(stageAttempt(contract.id(), slotNames, attempt));
            }
        }
        if (result.failure().isPresent()) {
            throw result.failure().get();
        }
        return validation(result.verdict().orElseThrow());
    }

    private static StageAttempt stageAttempt(String stageId, List<String> slotNames, Attempt<StageValidation> attempt) {
        List<ChatMessage> messages = attempt.request().messages();
        int characters = 0;
        for (ChatMessage message : messages) {
            characters += message.text().length();
        }
        ChatReply reply = attempt.reply().orElseThrow();
        return new StageAttempt(stageId, attempt.number(), new PromptSummary(messages.size(), characters, slotNames,
                attempt.number() > 1), reply.text(), validation(attempt.verdict().orElseThrow()).violations(),
                reply.usage(), reply.backendId());
    }

    /** The validation a verdict here always carries: each one is made of a validation, valid or not. */
    private static StageValidation validation(Verdict<StageValidation> verdict) {
        return Objects.requireNonNull(verdict.value(), "validation");
    }

    /** The values of the contract's input slots, in its order; optional slots without a value are left out. */
    private static Map<String, Object> slotValues(StageRequest request, StageContract contract, Map<String, Object> state) {
        Map<String, Object> values = new LinkedHashMap<>();
        for (InputSlot slot : contract.inputs()) {
            Object value;
            if (InputSlot.CACHED_STATE.equals(slot.name())) {
                value = state;
            } else if (request.slots().containsKey(slot.name())) {
                value = request.slots().get(slot.name());
            } else {
                value = request.slotResolver().resolve(slot.name(), contract.id(), state);
            }
            if (value != null) {
                values.put(slot.name(), value);
            } else if (slot.required()) {
                throw new InvalidInputException("missing_input", "input." + slot.name() + ": stage " + contract.id()
                        + " requires this slot; give it in the StageRequest or through its SlotResolver");
            }
        }
        return values;
    }

    private Map<String, Object> startOfRun(Map<String, Object> state, String sessionId) {
        Map<String, Object> fresh = new LinkedHashMap<>(state);
        fresh.keySet().removeAll(ownedSlices);
        fresh.put(StateSlice.SESSION_ID, sessionId);
        return fresh;
    }

    private static Map<String, Object> merged(Map<String, Object> state, Map<String, Object> patch) {
        Map<String, Object> next = new LinkedHashMap<>(state);
        next.putAll(patch);
        return next;
    }

    /** What one run has gathered so far; confined to the thread running it. */
    private final class Run {
        final String runId;
        final String sessionId;
        final StageRequest request;
        final List<String> stages = new ArrayList<>();
        final List<StageAttempt> attempts = new ArrayList<>();
        final Set<String> responseIds = new HashSet<>();
        @Nullable String assistantReply;

        Run(String runId, String sessionId, StageRequest request) {
            this.runId = runId;
            this.sessionId = sessionId;
            this.request = request;
        }

        StageRun finish(@Nullable StageFailure failure) {
            return new StageRun(runId, sessionId, stages, attempts, assistantReply, failure, store.read(sessionId));
        }
    }
}
