package dev.keel.examples.marp.evidence;

import dev.keel.examples.marp.routing.ScenarioTagger;

/**
 * The scenario flag of a MARP prompt: {@code SCENARIO 1}, {@code 2} or {@code 3} selects the evidence, and is the
 * scenario tag of the routing key. Read by the same {@link ScenarioTagger} the routing table configures, so that
 * evidence routing and model routing always agree on it; when a prompt mentions several, 1 wins over 2 over 3.
 *
 * <p>Pure; immutable and thread-safe.
 */
public enum Scenario {
    NONE("0"),
    SCENARIO_1("1"),
    SCENARIO_2("2"),
    SCENARIO_3("3");

    /** The tagger of the MARP routing table: keyword {@code scenario}, tags 1 to 3, default 0. */
    public static final ScenarioTagger TAGGER = ScenarioTagger.of("scenario", java.util.List.of("1", "2", "3"), "0");

    private final String tag;

    Scenario(String tag) {
        this.tag = tag;
    }

    /** {@code "0"} to {@code "3"}: the routing key's scenario tag. */
    public String tag() {
        return tag;
    }

    /** The scenario that decides for {@code prompt}: the lowest one mentioned, else {@link #NONE}. Null is NONE. */
    public static Scenario detect(String prompt) {
        return ofTag(TAGGER.tag(prompt));
    }

    private static Scenario ofTag(String tag) {
        for (Scenario scenario : values()) {
            if (scenario.tag.equals(tag)) {
                return scenario;
            }
        }
        throw new IllegalStateException("no scenario for tag " + tag);
    }
}
