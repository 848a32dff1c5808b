package dev.keel.test;

import dev.keel.pipeline.GovernedAnswer;
import dev.keel.test.core.CoreAssertions;

/**
 * Entry points of every assertion of the test kit, next to every AssertJ assertion: governed answers here; what a
 * {@link dev.keel.test.core.ScriptedBackend} or {@link dev.keel.test.core.LoopbackModelServer} was sent, audit
 * records and provenance from {@link CoreAssertions}, which this class extends. One static import serves all:
 *
 * <pre>{@code
 * import static dev.keel.test.KeelAssertions.assertThat;
 *
 * assertThat(answer).wasAnswered().hasDecision(Decision.ALLOW).isAuditedIn(audit);
 * assertThat(cloud).noRequestContains("MRN");
 * assertThat(answer.text()).contains("beds");
 * }</pre>
 *
 * <p>Stateless; extend it to add a host's own entry points.
 */
public class KeelAssertions extends CoreAssertions {

    protected KeelAssertions() {
    }

    public static GovernedAnswerAssert assertThat(GovernedAnswer answer) {
        return new GovernedAnswerAssert(answer);
    }
}
