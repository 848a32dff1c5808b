package dev.keel.cli;

import dev.keel.core.InvalidInputException;
import dev.keel.core.json.JsonCodec;
import dev.keel.eval.EvalRunner;
import dev.keel.examples.marp.MarpData;
import dev.keel.examples.services.ServicesContracts;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What {@code keel eval} supplies when a line names no application data: the MARP assistant's routing table for
 * {@code route} (on the seed's length-mod-10 strategy, whose provider the example's jar lists for the op to find;
 * without its auditor override unless the line says {@code "auditor_override": true}) with its policy, whose
 * sensitivity decides what stays internal, and the
 * government-services workflow's contracts for {@code stage}. The eval module's ops take these as input; the command
 * line fills them in from the example applications, so that lines written for those applications stay short.
 *
 * <p>Stateless and thread-safe.
 */
final class ApplicationDefaults {

    private ApplicationDefaults() {
    }

    /** {@code runner} with the examples' defaults for {@code route} and {@code stage}. */
    static EvalRunner.Builder apply(EvalRunner.Builder runner) {
        return runner.inputDefaults("route", ApplicationDefaults::routeDefaults)
                .inputDefaults("stage", ApplicationDefaults::stageDefaults);
    }

    private static Map<String, Object> routeDefaults(Map<String, Object> input) {
        if (input.containsKey("table")) {
            return input;
        }
        Map<String, Object> completed = new LinkedHashMap<>(input);
        Object auditorOverride = completed.remove("auditor_override");
        if (auditorOverride != null && !(auditorOverride instanceof Boolean)) {
            throw new InvalidInputException("invalid_input", "/auditor_override: must be a boolean");
        }
        Map<String, Object> table = new LinkedHashMap<>(MarpData.routingTable().toTree());
        if (!Boolean.TRUE.equals(auditorOverride)) {
            table.remove("overrides");
        }
        completed.put("table", asParsed(table));
        completed.putIfAbsent("policy", asParsed(MarpData.policy().toTree()));
        return completed;
    }

    private static Map<String, Object> stageDefaults(Map<String, Object> input) {
        if (input.containsKey("contracts")) {
            return input;
        }
        Map<String, Object> completed = new LinkedHashMap<>(input);
        completed.put("contracts", ServicesContracts.all().contracts().stream()
                .map(contract -> JsonCodec.strict().parse(contract.toJson())).toList());
        return completed;
    }

    /** {@code value} as a line would carry it: a parsed tree, numbers as decimals. */
    private static Object asParsed(Object value) {
        return JsonCodec.strict().parse(JsonCodec.strict().write(value));
    }
}
