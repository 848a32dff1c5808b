package dev.keel.eval;

import java.util.List;

/** The operations of Keel's modules, one instance each. Stateless and thread-safe. */
final class StandardOps {

    private StandardOps() {
    }

    /** Every operation {@code keel eval} has without application data. */
    static List<EvalOp> all() {
        return List.of(new PolicyEvalOp(), new PolicyLintOp(), new FilterEvalOp(), new FilterStreamEvalOp(),
                new RouteEvalOp(), new DiscoveryPlanOp(), new EvidenceGateOp(), new StageEvalOp(), new RulesSelectOp(),
                new NavigateOp(), new EnforceOp(), new CommitteeScoreOp(), new PertOp(), new LlmConfigOp(), new ToolGateOp());
    }
}
