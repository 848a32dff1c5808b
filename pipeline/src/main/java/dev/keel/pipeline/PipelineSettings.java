package dev.keel.pipeline;

import dev.keel.core.spi.AuditSink;
import dev.keel.core.spi.IdSource;
import dev.keel.core.spi.SessionStore;
import dev.keel.policy.DomainDetector;
import dev.keel.policy.GovernanceBundle;
import dev.keel.policy.KnowledgeRanker;
import dev.keel.policy.PolicyDocument;
import dev.keel.policy.PrincipalResolver;
import dev.keel.routing.RoutingTable;
import java.time.Clock;
import java.util.List;
import java.util.function.Function;
import org.jspecify.annotations.Nullable;

/**
 * What a pipeline was built with, as the builder checked it; optional parts are null when not set;
 * {@code rawAuditDetails} keeps the audit details' text unfiltered. Immutable
 * (lists are copied) and thread-safe when its parts are.
 */
record PipelineSettings(PolicyDocument policy, List<String> policySources,
                               @Nullable PrincipalResolver principalResolver, @Nullable DomainDetector domainDetector,
                               @Nullable KnowledgeRanker knowledgeRanker,
                               RoutingTable routingTable, Backends backends, EvidenceProvider evidence,
                               List<TurnStep> turnSteps, ReasoningStep reasoning, List<EnforcementStep> enforcement,
                               AnswerComposer composer, Function<GovernanceBundle, String> denial, String refusal,
                               AuditSink auditSink, SessionStore sessionStore, Clock clock, IdSource idSource,
                               boolean rawAuditDetails) {

    public PipelineSettings {
        policySources = List.copyOf(policySources);
        turnSteps = List.copyOf(turnSteps);
        enforcement = List.copyOf(enforcement);
    }
}
