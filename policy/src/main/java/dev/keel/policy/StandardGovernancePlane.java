package dev.keel.policy;

import dev.keel.core.Principal;
import java.util.Arrays;
import java.util.List;
import org.jspecify.annotations.Nullable;

/** {@link GovernancePlane} composed of its parts. Immutable and thread-safe. */
final class StandardGovernancePlane implements GovernancePlane {

    private final PolicyEvaluator evaluator;
    private final PrincipalResolver resolver;
    private final DomainDetector detector;
    private final @Nullable KnowledgeRanker ranker;
    private final int rationaleSize;
    private final SensitivityAssessor sensitivity;
    private final PhraseDomainDetector markings;

    StandardGovernancePlane(PolicyEvaluator evaluator, PrincipalResolver resolver, DomainDetector detector,
            @Nullable KnowledgeRanker ranker, int rationaleSize) {
        this.evaluator = evaluator;
        this.sensitivity = SensitivityAssessor.create(evaluator.policy());
        this.markings = new PhraseDomainDetector(evaluator.policy().phrases());
        this.resolver = resolver;
        this.detector = detector;
        this.ranker = ranker;
        this.rationaleSize = rationaleSize;
    }

    @Override
    public GovernanceBundle assess(@Nullable Principal hostPrincipal, @Nullable String prompt) {
        String text = prompt == null ? "" : prompt;
        PrincipalResolution principal = resolver.resolve(hostPrincipal, text);
        // Whatever detector the host configured, a marking that keeps the request inside also requests the domain
        // it is tied to, so the decision is taken over that domain (the policy's own detector has it already).
        DomainDetection domains = markings.withMarkedDomains(detector.detect(text), text);
        PolicyDecision decision = evaluator.evaluate(principal.principal().orElse(null), domains.domains());
        List<RankedPassage> rationale = ranker == null || rationaleSize == 0 ? List.of()
                : ranker.rationale(decision, domains.domains(), rationaleSize);
        // The host's principal and the resolved one: a claim in the prompt never lowers the sensitivity.
        SensitivityDecision internal = sensitivity.assess(Arrays.asList(hostPrincipal,
                principal.principal().orElse(null)), domains.domains(), text);
        return new GovernanceBundle(principal, domains, decision, rationale, internal);
    }

    @Override
    public ContentReading read(String text) {
        DomainDetection domains = markings.withMarkedDomains(detector.detect(text), text);
        return new ContentReading(domains.domains(), sensitivity.assess(List.of(), domains.domains(), text));
    }
}
