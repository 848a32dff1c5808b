package dev.keel.evidence.source;

/**
 * The scenario flag of a prompt (seed 000 §3.3, and the {@code scenario_tag} of §3.4.1). Immutable and thread-safe.
 */
public enum Scenario {
    NONE("0"),
    SCENARIO_1("1"),
    SCENARIO_2("2"),
    SCENARIO_3("3");

    private final String tag;

    Scenario(String tag) {
        this.tag = tag;
    }

    /** {@code "0"} .. {@code "3"}, as the routing key writes it. */
    public String tag() {
        return tag;
    }

    /**
     * The seed's test, literally: the prompt contains {@code SCENARIO 1} (else {@code SCENARIO 2}, else
     * {@code SCENARIO 3}), upper case, one space; otherwise {@link #NONE}.
     */
    public static Scenario detect(String prompt) {
        if (prompt == null) {
            return NONE;
        }
        for (Scenario scenario : new Scenario[] {SCENARIO_1, SCENARIO_2, SCENARIO_3}) {
            if (prompt.contains("SCENARIO " + scenario.tag)) {
                return scenario;
            }
        }
        return NONE;
    }
}
