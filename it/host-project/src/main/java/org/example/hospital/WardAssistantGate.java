package org.example.hospital;

import dev.keel.core.Decision;
import dev.keel.core.Principal;
import dev.keel.llm.adapters.Environment;
import dev.keel.llm.adapters.config.ConfiguredBackends;
import dev.keel.llm.adapters.config.LlmConfig;
import dev.keel.policy.DomainDetector;
import dev.keel.policy.FilteredText;
import dev.keel.policy.OutboundFilter;
import dev.keel.policy.PolicyDecision;
import dev.keel.policy.PolicyDocument;
import dev.keel.policy.PolicyEvaluator;
import dev.keel.routing.RoutingDecision;
import dev.keel.routing.RoutingIndex;
import dev.keel.routing.RoutingTable;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Optional;

/**
 * The governance around a hospital ward assistant, built from Keel's public parts and this application's own
 * policy, routing table and model configuration: who may ask about what, which model may answer, and what an
 * answer may show. Immutable and thread-safe; {@link #decide} is pure.
 */
public final class WardAssistantGate {

    /** What Keel decided for one question. */
    public record Outcome(List<String> domains, PolicyDecision policy, Optional<RoutingDecision> route, FilteredText answer) {
    }

    private final DomainDetector domains;
    private final PolicyEvaluator evaluator;
    private final OutboundFilter filter;
    private final RoutingIndex router;
    private final LlmConfig llmConfig;

    private WardAssistantGate(PolicyDocument policy, RoutingTable table, LlmConfig llmConfig) {
        this.domains = DomainDetector.create(policy);
        this.evaluator = PolicyEvaluator.create(policy);
        this.filter = OutboundFilter.create(policy);
        this.router = RoutingIndex.create(table);
        this.llmConfig = llmConfig;
    }

    /** The gate over the files shipped with this application. */
    public static WardAssistantGate load() {
        return new WardAssistantGate(PolicyDocument.parse(resource("hospital-policy.json")),
                RoutingTable.parse(resource("routing-table.json")), LlmConfig.parse(resource("llm.config.json")));
    }

    /**
     * Governs one question of {@code principal}: the domains it touches, the policy decision, the route (none when
     * the question is denied) and {@code draftAnswer} as the decision lets it out.
     */
    public Outcome decide(Principal principal, String question, String draftAnswer) {
        List<String> touched = domains.detect(question).domains();
        PolicyDecision decision = evaluator.evaluate(principal, touched);
        Optional<RoutingDecision> route = decision.decision() == Decision.DENY
                ? Optional.empty() : Optional.of(router.route(principal, question));
        return new Outcome(touched, decision, route, filter.apply(decision.decision(), draftAnswer));
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
