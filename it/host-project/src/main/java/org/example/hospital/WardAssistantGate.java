package org.example.hospital;

import dev.keel.core.Principal;
import dev.keel.core.spi.AuditSink;
import dev.keel.core.spi.LlmBackend;
import dev.keel.models.Environment;
import dev.keel.models.config.ConfiguredBackends;
import dev.keel.models.config.LlmConfig;
import dev.keel.pipeline.Backends;
import dev.keel.pipeline.GovernedAnswer;
import dev.keel.pipeline.GovernedRequest;
import dev.keel.pipeline.Pipeline;
import dev.keel.pipeline.SingleCallReasoning;
import dev.keel.policy.PolicyDocument;
import dev.keel.routing.RoutingTable;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;

/**
 * A hospital ward assistant governed by Keel, with this application's own policy, routing table and model
 * configuration: who may ask about what, which model may answer, what leaves the hospital, and what an answer may
 * show. Immutable and thread-safe.
 */
public final class WardAssistantGate {

    private final Pipeline pipeline;
    private final LlmConfig llmConfig;

    private WardAssistantGate(Pipeline pipeline, LlmConfig llmConfig) {
        this.pipeline = pipeline;
        this.llmConfig = llmConfig;
    }

    /** The assistant over the files shipped with this application, with these two models and audit sink. */
    public static WardAssistantGate load(LlmBackend onPremises, LlmBackend general, AuditSink audit) {
        PolicyDocument policy = PolicyDocument.parse(resource("hospital-policy.json"));
        Pipeline pipeline = Pipeline.builder()
                .policy(policy)
                .routing(RoutingTable.parse(resource("routing-table.json")))
                .backends(Backends.builder().internal("on_premises", onPremises).external("general", general).build())
                .reasoning(SingleCallReasoning.userMessage())
                .auditSink(audit)
                .build();
        return new WardAssistantGate(pipeline, LlmConfig.parse(resource("llm.config.json")));
    }

    /** Answers one question of {@code principal}, governed. */
    public GovernedAnswer ask(Principal principal, String question) {
        return pipeline.call(GovernedRequest.of(principal, question));
    }

    /** The models of this application's configuration, resolved against {@code environment} when first asked for. */
    public ConfiguredBackends backends(Environment environment) {
        return ConfiguredBackends.create(llmConfig, environment);
    }

    private static String resource(String name) {
        try (InputStream in = WardAssistantGate.class.getResourceAsStream(name)) {
            if (in == null) {
                throw new IllegalStateException("missing resource " + name);
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
