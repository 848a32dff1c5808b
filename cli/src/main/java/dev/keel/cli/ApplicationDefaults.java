package dev.keel.cli;

import dev.keel.core.eval.EvalOp;
import dev.keel.core.eval.EvalOpRegistry;
import dev.keel.core.json.JsonCodec;
import dev.keel.examples.marp.MarpData;
import dev.keel.examples.services.ServicesContracts;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;

/**
 * What {@code keel eval} supplies when a line names no application data: the MARP assistant's routing table for
 * {@code route} (without its auditor override unless the line says {@code "auditor_override": true}), and the
 * government-services workflow's contracts for {@code stage}. The library's ops take these as input; the command
 * line fills them in from the example applications, so that lines written for those applications stay short.
 *
 * <p>Immutable and thread-safe.
 */
final class ApplicationDefaults {

    private static final Map<String, UnaryOperator<Map<String, Object>>> DEFAULTS = Map.of(
            "route", ApplicationDefaults::routeDefaults,
            "stage", ApplicationDefaults::stageDefaults);

    private ApplicationDefaults() {
    }

    /** {@code registry} with the ops that take application data wrapped to fill in the defaults. */
    static EvalOpRegistry apply(EvalOpRegistry registry) {
        List<EvalOp> ops = new ArrayList<>();
        for (String name : registry.names()) {
            EvalOp op = registry.find(name).orElseThrow();
            UnaryOperator<Map<String, Object>> defaults = DEFAULTS.get(name);
            ops.add(defaults == null ? op : new EvalOp() {
                @Override
                public String name() {
                    return op.name();
                }

                @Override
                public Map<String, ?> apply(Map<String, Object> input) {
                    return op.apply(defaults.apply(input));
                }
            });
        }
        return EvalOpRegistry.of(ops);
    }

    private static Map<String, Object> routeDefaults(Map<String, Object> input) {
        if (input.containsKey("table")) {
            return input;
        }
        Map<String, Object> completed = new LinkedHashMap<>(input);
        Object auditorOverride = completed.remove("auditor_override");
        if (auditorOverride != null && !(auditorOverride instanceof Boolean)) {
            throw new dev.keel.core.InvalidInputException("invalid_input", "/auditor_override: must be a boolean");
        }
        Map<String, Object> table = new LinkedHashMap<>(MarpData.routingTable().toTree());
        if (!Boolean.TRUE.equals(auditorOverride)) {
            table.remove("overrides");
        }
        // As a line would carry it: a parsed tree, numbers as decimals.
        completed.put("table", JsonCodec.strict().parse(JsonCodec.strict().write(table)));
        return completed;
    }

    private static Map<String, Object> stageDefaults(Map<String, Object> input) {
        if (input.containsKey("contracts")) {
            return input;
        }
        Map<String, Object> completed = new LinkedHashMap<>(input);
        completed.put("contracts", ServicesContracts.all().contracts().stream()
                .map(contract -> (Object) JsonCodec.strict().parseObject(contract.toJson())).toList());
        return completed;
    }
}
