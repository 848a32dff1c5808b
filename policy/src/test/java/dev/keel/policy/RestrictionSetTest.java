package dev.keel.policy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.keel.core.text.LinearPatterns;
import org.junit.jupiter.api.Test;

/**
 * The restriction sets that ship ({@link RestrictionSet#CREDENTIALS}): their patterns within the bound on one pattern,
 * and a document that names a set checked as it loads. What the credential set withholds is the filter's, tested in
 * keel-reading.
 */
class RestrictionSetTest {

    @Test
    void everyPatternIsWithinTheBoundOnOnePattern() {
        RestrictionSet set = RestrictionSet.named(RestrictionSet.CREDENTIALS).orElseThrow();

        assertThat(set.patterns()).allSatisfy(pattern ->
                assertThat(LinearPatterns.problem(pattern, "restriction patterns")).as(pattern).isEmpty());
        assertThat(RestrictionSet.names()).containsExactly(RestrictionSet.CREDENTIALS);
        assertThat(RestrictionSet.named("keel:nothing")).isEmpty();
    }

    @Test
    void anUnknownSetOrASetWithPatternsIsRefused() {
        String start = "{\"policy_id\":\"x\",\"version\":\"1\",\"roles\":{\"p\":{\"allowed_clearances\":[\"s\"],"
                + "\"allowed_domains\":[],\"default_decision\":\"ALLOW\"}},\"restrictions\":[";

        assertThatThrownBy(() -> PolicyDocument.parse(start + "{\"id\":\"r\",\"use\":\"keel:passwords\"}]}"))
                .hasMessageContaining("/restrictions/0/use: must name a restriction set shipped with keel-policy:"
                        + " one of keel:credentials");
        assertThatThrownBy(() -> PolicyDocument.parse(start
                + "{\"id\":\"r\",\"use\":\"keel:credentials\",\"patterns\":[\"a\"]}]}"))
                .hasMessageContaining("/restrictions/0/use: cannot go with patterns");
        assertThatThrownBy(() -> PolicyDocument.parse(start + "{\"id\":\"r\"}]}"))
                .hasMessageContaining("/restrictions/0/patterns: must list at least one pattern");
    }
}
