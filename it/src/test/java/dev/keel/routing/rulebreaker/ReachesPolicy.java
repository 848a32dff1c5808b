package dev.keel.routing.rulebreaker;

import dev.keel.policy.PolicyDocument;

/** Breaks the rules on purpose: a class of a pure module (routing) that uses another pure module (policy). */
public final class ReachesPolicy {

    private ReachesPolicy() {
    }

    static Class<?> reached() {
        return PolicyDocument.class;
    }
}
