package dev.keel.pipeline.rules;

import dev.keel.core.Principal;
import dev.keel.core.json.JsonCodec;
import dev.keel.core.spi.AuditSink;
import dev.keel.core.spi.Embedder;
import dev.keel.core.spi.Embedding;
import dev.keel.core.spi.LlmBackend;
import dev.keel.pipeline.Backends;
import dev.keel.pipeline.GovernedRequest;
import dev.keel.pipeline.Pipeline;
import dev.keel.policy.PolicyDocument;
import dev.keel.routing.RoutingTable;
import dev.keel.rules.RuleBook;
import dev.keel.rules.loader.RuleBooks;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** A shop's policy, routing, rule book and a words embedder for the rule steps' tests. */
final class RuleFixtures {

    static final String MODEL = "shop_model";
    static final Principal CUSTOMER = Principal.of("customer", "public");

    private static final List<String> VOCABULARY = List.of("refund", "money", "back", "order", "buy", "shoes",
            "competitor", "shop", "prices", "thanks", "greeting", "days", "my", "is");

    private RuleFixtures() {
    }

    static RuleBook book() {
        return RuleBooks.readResource(RuleFixtures.class.getClassLoader(), "dev/keel/pipeline/rules/shop-book.json");
    }

    /** One dimension per word of a small vocabulary, counting occurrences: what the texts share decides. */
    static final Embedder WORDS = texts -> {
        List<Embedding> embeddings = new ArrayList<>();
        for (String text : texts) {
            float[] vector = new float[VOCABULARY.size() + 1];
            vector[VOCABULARY.size()] = 0.05f;
            for (String word : text.toLowerCase(Locale.ROOT).split("\\W+")) {
                int at = VOCABULARY.indexOf(word);
                if (at >= 0) {
                    vector[at]++;
                }
            }
            embeddings.add(Embedding.of(vector));
        }
        return embeddings;
    };

    /** Customers may ask about support; card numbers never reach them. */
    static PolicyDocument policy() {
        return PolicyDocument.parse("""
                {"policy_id": "shop", "version": "1",
                 "roles": {"customer": {"allowed_clearances": ["public"], "allowed_domains": ["support"],
                                        "default_decision": "ALLOW"}},
                 "restrictions": [{"id": "no_card_number", "patterns": ["\\\\b4[0-9]{15}\\\\b"]}],
                 "domain_rules": [{"phrases": ["order*", "refund*"], "domains": ["support"]}]}""");
    }

    static RoutingTable routing() {
        return RoutingTable.parse("""
                {"pools": [{"weight": 1, "router_selected_llm": "shop",
                            "reasoning_mode": "answer", "backend_target": "shop_model"}],
                 "internal_backend_target": "shop_model"}""");
    }

    static Pipeline pipeline(RuleSteps steps, LlmBackend backend, AuditSink audit) {
        return steps.applyTo(Pipeline.builder()).policy(policy()).routing(routing())
                .backends(Backends.builder().internal(MODEL, backend).build())
                .refusal("I cannot answer that within our rules.").auditSink(audit).build();
    }

    static GovernedRequest ask(String session, String message) {
        return GovernedRequest.builder().principal(CUSTOMER).sessionId(session).attribute(RuleSteps.CUSTOMER_ID,
                "c-7").message(message).build();
    }

    /** A model sensor's reply in the stage envelope. */
    static String sensorReply(String intent, Map<String, Object> entities, String ambiguity, String reason) {
        return sensorReply(intent, entities, ambiguity, reason, null);
    }

    /** A model sensor's reply in the stage envelope, with a telemetry note (what a re-asked reply fixed). */
    static String sensorReply(String intent, Map<String, Object> entities, String ambiguity, String reason,
                              String note) {
        Map<String, Object> telemetry = new LinkedHashMap<>();
        telemetry.put("notes", note);
        Map<String, Object> reply = new LinkedHashMap<>();
        reply.put("stage", RuleSteps.SENSOR_PURPOSE);
        reply.put("nextStep", "session_end");
        reply.put("telemetry", telemetry);
        reply.put("detected_intent", intent);
        reply.put("entities", entities);
        reply.put("ambiguity_score", new java.math.BigDecimal(ambiguity));
        reply.put("ambiguity_reason", reason);
        return JsonCodec.strict().write(reply);
    }
}
