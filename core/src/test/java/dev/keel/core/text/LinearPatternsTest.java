package dev.keel.core.text;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class LinearPatternsTest {

    @Test
    void aPatternTheEngineRunsHasNoProblem() {
        assertThat(LinearPatterns.problem("(?i)\\bcompetitor\\s+\\w+", "forbidden patterns")).isEmpty();
        assertThat(LinearPatterns.problem("((a*)*)*b", "forbidden patterns")).isEmpty();
    }

    @Test
    void theMessageNamesTheKindOfPatternAndTheReason() {
        assertThat(LinearPatterns.problem("(?=x)y", "forbidden patterns")).hasValueSatisfying(message -> assertThat(message)
                .startsWith("uses lookaround ((?=)").contains("forbidden patterns run on a linear-time engine"));
        assertThat(LinearPatterns.problem("(?:(?:a?){40}){25}", "extract patterns")).hasValueSatisfying(message ->
                assertThat(message).startsWith("is too large: extract patterns run on a linear-time engine"));
    }

    @Test
    void theBoundIsCheckedBeforeCompiling() {
        assertThat(LinearPatterns.programSizeBound("a{1000}")).isGreaterThan(LinearPatterns.MAX_PROGRAM_SIZE);
        assertThat(LinearPatterns.problem("a{1000}", "forbidden patterns")).hasValueSatisfying(message ->
                assertThat(message).contains("more than " + LinearPatterns.MAX_PROGRAM_SIZE));
    }
}
