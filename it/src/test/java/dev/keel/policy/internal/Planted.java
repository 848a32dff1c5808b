package dev.keel.policy.internal;

/**
 * A type where a module's internals would live, planted by this module's tests so that the rules about internals have
 * something to report: no library module keeps an {@code internal} package with a public type any more.
 */
public final class Planted {

    private Planted() {
    }
}
