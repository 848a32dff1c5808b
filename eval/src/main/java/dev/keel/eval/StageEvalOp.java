package dev.keel.eval;

import dev.keel.core.InvalidContractException;
import dev.keel.core.InvalidInputException;
import dev.keel.core.json.JsonCodec;
import dev.keel.stage.StageContract;
import dev.keel.stage.StageContracts;
import dev.keel.stage.StageKind;
import dev.keel.stage.StageValidation;
import dev.keel.stage.StageValidator;
import dev.keel.stage.StageViolation;
import dev.keel.stage.ValidationContext;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * {@code keel eval} op {@code stage}: validates one output against one stage contract of a workflow.
 * Input {@code {"stage": "<stage id>", "output": {...}, "cached_state": {...}, "contracts": [...]}}; {@code output}
 * may also be a string, the model's raw text; {@code cached_state} is optional (empty); {@code contracts} is the
 * workflow, an array of contracts in their JSON form (a command line tool may supply an application's contracts
 * when a line gives none). Output {@code {"valid", "violations": [{"code", "path", "message"}], "state_patch"}}
 * where {@code state_patch} is null for an invalid output. Stateless: pure and thread-safe.
 */
final class StageEvalOp implements EvalOp {

    private static final Set<String> INPUT_KEYS = Set.of("stage", "output", "cached_state", "contracts");

    private final StageValidator validator = StageValidator.create();

    @Override
    public String name() {
        return "stage";
    }

    @Override
    public Map<String, ?> apply(Map<String, Object> input) {
        for (String key : input.keySet()) {
            if (!INPUT_KEYS.contains(key)) {
                throw new InvalidInputException("/" + key + ": unknown field; the stage op takes \"stage\", \"output\","
                        + " \"cached_state\" and \"contracts\"");
            }
        }
        StageContracts contracts = contracts(input.get("contracts"));
        Object stage = input.get("stage");
        if (!(stage instanceof String)) {
            throw new InvalidInputException("/stage: required, a stage id string, one of " + contracts.ids());
        }
        StageContract contract = contracts.find((String) stage).orElseThrow(() ->
                new InvalidInputException("unknown_stage", "/stage: unknown stage '" + stage + "'; known stages: "
                        + String.join(", ", contracts.ids())));
        if (contract.kind() != StageKind.MODEL) {
            throw new InvalidInputException("stage_has_no_output", "/stage: '" + stage + "' is a "
                    + contract.kind().wireName() + " stage; it calls no model, so there is no output to validate");
        }
        if (!input.containsKey("output")) {
            throw new InvalidInputException("/output: required, the model's output (an object, or its raw text as a string)");
        }
        Object cachedState = input.getOrDefault("cached_state", Map.of());
        if (!(cachedState instanceof Map)) {
            throw new InvalidInputException("/cached_state: must be an object");
        }
        @SuppressWarnings("unchecked")
        ValidationContext context = ValidationContext.of((Map<String, Object>) cachedState);
        Object output = input.get("output");
        StageValidation validation;
        if (output instanceof String) {
            validation = validator.validate(contract, (String) output, context);
        } else if (output instanceof Map) {
            @SuppressWarnings("unchecked")
            Map<String, Object> object = (Map<String, Object>) output;
            validation = validator.validate(contract, object, context);
        } else {
            validation = StageValidation.invalid(contract.id(), List.of(new StageViolation(
                    dev.keel.stage.ViolationCode.OUTPUT_NOT_OBJECT, "", "the output must be a single JSON object, found "
                    + JsonCodec.describe(output))), null);
        }
        List<Object> violations = new ArrayList<>();
        for (StageViolation violation : validation.violations()) {
            Map<String, Object> entry = new LinkedHashMap<>();
            entry.put("code", violation.code().code());
            entry.put("path", violation.path());
            entry.put("message", violation.message());
            violations.add(entry);
        }
        Map<String, Object> result = new LinkedHashMap<>();
        result.put("valid", validation.valid());
        result.put("violations", violations);
        result.put("state_patch", validation.statePatch().map(StageEvalOp::ordered).orElse(null));
        return result;
    }

    private static StageContracts contracts(Object value) {
        if (!(value instanceof List)) {
            throw new InvalidInputException("/contracts: required, an array of stage contracts in their JSON form");
        }
        List<?> items = (List<?>) value;
        List<StageContract> contracts = new ArrayList<>(items.size());
        for (int i = 0; i < items.size(); i++) {
            if (!(items.get(i) instanceof Map)) {
                throw new InvalidInputException("/contracts/" + i + ": must be an object, a stage contract");
            }
            try {
                @SuppressWarnings("unchecked")
                Map<String, Object> tree = (Map<String, Object>) items.get(i);
                contracts.add(StageContract.fromTree(tree));
            } catch (InvalidContractException e) {
                throw new InvalidInputException("invalid_contract", "/contracts/" + i + ": " + e.getMessage(), e);
            }
        }
        try {
            return StageContracts.of(contracts);
        } catch (InvalidContractException e) {
            throw new InvalidInputException("invalid_contract", "/contracts: " + e.getMessage(), e);
        }
    }

    /** A copy the codec writes in insertion order (it sorts the keys of maps whose order it cannot see). */
    private static Object ordered(Object value) {
        if (value instanceof Map) {
            Map<String, Object> copy = new LinkedHashMap<>();
            ((Map<?, ?>) value).forEach((key, item) -> copy.put(String.valueOf(key), ordered(item)));
            return copy;
        }
        if (value instanceof List) {
            List<Object> copy = new ArrayList<>();
            ((List<?>) value).forEach(item -> copy.add(ordered(item)));
            return copy;
        }
        return value;
    }
}
