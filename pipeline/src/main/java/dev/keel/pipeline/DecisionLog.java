package dev.keel.pipeline;

import dev.keel.core.Principal;
import dev.keel.core.json.JsonCodec;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The decision log: one line per governed call on the logger {@code dev.keel.decisions}, at INFO, holding one JSON
 * object: the request id, the outcome, the decision, the principals, the reason codes, the route, the model calls
 * (backend asked for and used, tokens, what the egress filter withheld by kind) and what the outbound filter
 * withheld by kind, and the time of each step in microseconds; who the call was for as the host said (subject,
 * session, the host's audit attributes). It never holds the message, the answer or anything withheld: only Keel's
 * own values and the host's, which the audit record holds too. Stateless and thread-safe.
 */
final class DecisionLog {

    /** The logger's name: switch the log off or send it elsewhere by this name. */
    static final String LOGGER = "dev.keel.decisions";

    private static final Logger DECISIONS = LoggerFactory.getLogger(LOGGER);

    private DecisionLog() {
    }

    static void answered(TurnState turn, GovernedAnswer answer, Map<String, Long> timings) {
        if (!DECISIONS.isInfoEnabled()) {
            return;
        }
        Map<String, Object> line = common(turn, answer.requestId(), answer.outcome().wireName());
        line.put("decision", answer.decision().wireName());
        line.put("reason_codes", answer.provenance().reasonCodes().values());
        line.put("backends", answer.calls().stream().map(BackendCall::toWire).toList());
        line.put("withheld", answer.withheldCounts());
        line.put("timings_us", timings);
        DECISIONS.info(JsonCodec.strict().write(line));
    }

    static void failed(@Nullable TurnState turn, String requestId, String outcome, String failureCode,
                       Map<String, Long> timings) {
        if (!DECISIONS.isInfoEnabled()) {
            return;
        }
        Map<String, Object> line = common(turn, requestId, outcome);
        line.put("failure", failureCode);
        if (turn != null) {
            line.put("decision", turn.decision().wireName());
            line.put("reason_codes", turn.reasonCodes().values());
            line.put("backends", turn.governedBackends().calls().stream().map(BackendCall::toWire).toList());
        }
        line.put("timings_us", timings);
        DECISIONS.info(JsonCodec.strict().write(line));
    }

    private static Map<String, Object> common(@Nullable TurnState turn, String requestId, String outcome) {
        Map<String, Object> line = new LinkedHashMap<>();
        line.put("request_id", requestId);
        line.put("outcome", outcome);
        if (turn != null) {
            DefaultPipeline.identity(turn, line);
            line.put("principal", principal(turn.principal()));
            line.put("host_principal", principal(turn.request().principal()));
            line.put("internal_only", turn.sensitivity().internalOnly());
            line.put("route", turn.route().map(route -> {
                Map<String, Object> wire = new LinkedHashMap<>(route.detail());
                wire.put("router_selected_llm", route.routerSelectedLlm());
                wire.put("reasoning_mode", route.reasoningMode());
                wire.put("backend_target", route.backendTarget());
                wire.put("override", route.override().orElse(null));
                return (Object) wire;
            }).orElse(null));
        }
        return line;
    }

    private static @Nullable Map<String, Object> principal(Optional<Principal> principal) {
        if (principal.isEmpty()) {
            return null;
        }
        Map<String, Object> wire = new LinkedHashMap<>();
        wire.put("role", principal.get().role());
        wire.put("clearance", principal.get().clearance());
        return wire;
    }
}
