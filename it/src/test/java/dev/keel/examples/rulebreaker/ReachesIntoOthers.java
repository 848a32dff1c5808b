package dev.keel.examples.rulebreaker;

import dev.keel.examples.hospital.WardAssistant;
import dev.keel.policy.internal.Planted;

/** Breaks the rules on purpose: an example application that uses another one and a library module's internals. */
public final class ReachesIntoOthers {

    private ReachesIntoOthers() {
    }

    static java.util.List<Class<?>> reached() {
        return java.util.List.of(WardAssistant.class, Planted.class);
    }
}
