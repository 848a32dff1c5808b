package dev.keel.routing.rulebreaker;

import dev.keel.policy.PolicyDocument;
import dev.keel.policy.internal.Planted;

/**
 * Breaks the rules on purpose: a class of a pure module (routing) that uses another pure module (policy), and an API
 * class that stands on internals.
 */
public final class ReachesPolicy {

    private ReachesPolicy() {
    }

    static java.util.List<Class<?>> reached() {
        return java.util.List.of(PolicyDocument.class, Planted.class);
    }
}
