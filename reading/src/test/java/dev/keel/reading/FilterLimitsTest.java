package dev.keel.reading;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.keel.core.ConfigurationException;
import dev.keel.core.Decision;
import dev.keel.core.text.LinearPatterns;
import dev.keel.policy.PolicyDocument;
import dev.keel.policy.PolicyValidationException;
import dev.keel.policy.QualitativeRestriction;
import dev.keel.policy.Redaction;
import dev.keel.policy.RestrictionSet;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** What bounds the outbound filter's work: the length of the text it reads, and the size of a policy's patterns. */
class FilterLimitsTest {

    private static final String ROLES = "\"roles\":{\"p\":{\"allowed_clearances\":[\"s\"],\"allowed_domains\":[],"
            + "\"default_decision\":\"ALLOW\"}}";

    // ---- the longest text read ----

    @ParameterizedTest
    @EnumSource(value = Decision.class, names = {"ALLOW", "PARTIAL"})
    void aTextPastTheLimitIsWithheldWhole(Decision decision) {
        OutboundFilter filter = OutboundFilter.create(List.of(), 40);
        String text = "Retire the boats in the autumn, as planned; ".substring(0, 41);

        FilteredText filtered = filter.apply(decision, text);

        assertThat(filtered.text()).isEqualTo("[text withheld: too long to filter]");
        assertThat(filtered.redactions()).singleElement().satisfies(redaction -> {
            assertThat(redaction.kind()).isEqualTo(Redaction.OVERSIZED);
            assertThat(redaction.start()).isZero();
            assertThat(redaction.end()).isEqualTo(41);
            assertThat(redaction.removed()).isEqualTo(text);
        });
    }

    @Test
    void aTextAtTheLimitIsFiltered() {
        OutboundFilter filter = OutboundFilter.create(List.of(), 40);
        String text = "Retire two boats in the autumn, planned.";

        assertThat(text).hasSize(40);
        assertThat(filter.apply(Decision.PARTIAL, text).text())
                .isEqualTo("Retire [figure withheld] boats in the autumn, planned.");
        assertThat(filter.apply(Decision.ALLOW, text).text()).isEqualTo(text);
    }

    @Test
    void theDefaultLimitIsOneMebibyte() {
        OutboundFilter filter = OutboundFilter.withoutRestrictions();
        String atLimit = "a".repeat(OutboundFilter.DEFAULT_MAX_INPUT_CHARS);

        assertThat(filter.apply(Decision.PARTIAL, atLimit).redacted()).isFalse();
        assertThat(filter.apply(Decision.PARTIAL, atLimit + "a").redactions())
                .extracting(Redaction::kind).containsExactly(Redaction.OVERSIZED);
    }

    @Test
    void aPolicySetsTheLimitAndKeepsItOnTheWire() {
        PolicyDocument policy = PolicyDocument.parse("{\"policy_id\":\"x\",\"version\":\"1\"," + ROLES
                + ",\"outbound_filter\":{\"max_input_chars\":12}}");

        assertThat(policy.filterMaxInputChars()).isEqualTo(12);
        assertThat(OutboundFilter.create(policy).apply(Decision.ALLOW, "thirteen chr").redacted()).isFalse();
        assertThat(OutboundFilter.create(policy).apply(Decision.ALLOW, "thirteen char").redactions())
                .extracting(Redaction::kind).containsExactly(Redaction.OVERSIZED);
        assertThat(PolicyDocument.fromTree(policy.toTree())).isEqualTo(policy);
        assertThat(PolicyDocument.parse("{\"policy_id\":\"x\",\"version\":\"1\"," + ROLES + "}").filterMaxInputChars())
                .isEqualTo(OutboundFilter.DEFAULT_MAX_INPUT_CHARS);
    }

    @Test
    void aLimitBelowOneIsRefused() {
        assertThatThrownBy(() -> PolicyDocument.parse("{\"policy_id\":\"x\",\"version\":\"1\"," + ROLES
                + ",\"outbound_filter\":{\"max_input_chars\":0}}"))
                .isInstanceOf(PolicyValidationException.class)
                .hasMessageContaining("/outbound_filter/max_input_chars: must be at least 1");
        assertThatThrownBy(() -> OutboundFilter.create(List.of(), 0)).isInstanceOf(ConfigurationException.class);
    }

    // ---- the patterns' budget ----

    @Test
    void aPolicyAtThePatternSizeLimitLoadsAndOneStepMoreIsRefused() {
        // A literal of n characters compiles to at most n + 4 steps: 40 patterns of 500 make the 20,000 allowed.
        List<String> patterns = new ArrayList<>();
        for (int i = 0; i < 40; i++) {
            patterns.add(literal(i, 496));
        }
        assertThat(patterns.stream().mapToLong(LinearPatterns::programSizeBound).sum())
                .isEqualTo(QualitativeRestriction.MAX_PROGRAM_SIZE_PER_POLICY);

        PolicyDocument atLimit = PolicyDocument.parse(policy(List.of(patterns)));
        assertThat(atLimit.restrictions()).hasSize(1);
        assertThat(OutboundFilter.create(atLimit).apply(Decision.ALLOW, "nothing to see").text()).isEqualTo("nothing to see");

        List<List<String>> over = List.of(patterns, List.of("z"));
        assertThatThrownBy(() -> PolicyDocument.parse(policy(over)))
                .isInstanceOf(PolicyValidationException.class)
                .hasMessageContaining("/restrictions: compile to up to 20,005 steps in all, more than the 20,000 a"
                        + " policy's patterns may have together (the limit is passed at /restrictions/1/patterns/0)");
    }

    @Test
    void aPolicyAtThePatternCountLimitLoadsAndOneMoreIsRefused() {
        List<String> patterns = new ArrayList<>();
        for (int i = 0; i < QualitativeRestriction.MAX_PATTERNS_PER_POLICY; i++) {
            patterns.add(literal(i, 4));
        }
        assertThat(PolicyDocument.parse(policy(List.of(patterns))).restrictions().get(0).patterns()).hasSize(256);

        List<List<String>> over = List.of(patterns, List.of("z"));
        assertThatThrownBy(() -> PolicyDocument.parse(policy(over)))
                .isInstanceOf(PolicyValidationException.class)
                .hasMessageContaining("/restrictions: hold 257 patterns in all, more than the 256 a policy may have"
                        + " (the limit is passed at /restrictions/1/patterns/0)");
    }

    @Test
    void aThousandPatternsWithinTheBoundOnEachAreRefusedInCodeToo() {
        List<QualitativeRestriction> restrictions = new ArrayList<>();
        for (int i = 0; i < 1000; i++) {
            restrictions.add(QualitativeRestriction.of("r" + i, List.of(literal(i, 400))));
        }

        assertThatThrownBy(() -> OutboundFilter.create(restrictions))
                .isInstanceOf(PolicyValidationException.class)
                .hasMessageContaining("more than the 256 a policy may have")
                .hasMessageContaining("more than the 20,000 a policy's patterns may have together");
    }

    @Test
    void aRestrictionSetCountsTowardsTheBudget() {
        List<String> set = RestrictionSet.named(RestrictionSet.CREDENTIALS).orElseThrow().patterns();
        List<String> rest = new ArrayList<>();
        for (int i = set.size(); i < QualitativeRestriction.MAX_PATTERNS_PER_POLICY; i++) {
            rest.add(literal(i, 4));
        }
        String json = "{\"policy_id\":\"x\",\"version\":\"1\"," + ROLES + ",\"restrictions\":["
                + "{\"id\":\"credentials\",\"use\":\"keel:credentials\"},{\"id\":\"r\",\"patterns\":" + strings(rest) + "}]}";
        assertThat(PolicyDocument.parse(json).restrictions().get(1).patterns()).hasSize(rest.size());

        String oneMore = json.replace("\"patterns\":[", "\"patterns\":[\"z\",");
        assertThatThrownBy(() -> PolicyDocument.parse(oneMore)).hasMessageContaining("hold 257 patterns in all");
    }

    /** {@code length} lower-case letters, distinct for each {@code i}. */
    private static String literal(int i, int length) {
        StringBuilder literal = new StringBuilder(Integer.toString(i, 26).chars()
                .map(c -> Character.isDigit(c) ? 'a' + c - '0' : c + 10).collect(StringBuilder::new,
                        StringBuilder::appendCodePoint, StringBuilder::append));
        while (literal.length() < length) {
            literal.append('q');
        }
        return literal.toString();
    }

    private static String policy(List<List<String>> restrictions) {
        StringBuilder json = new StringBuilder("{\"policy_id\":\"x\",\"version\":\"1\",").append(ROLES)
                .append(",\"restrictions\":[");
        for (int i = 0; i < restrictions.size(); i++) {
            json.append(i == 0 ? "" : ",").append("{\"id\":\"r").append(i).append("\",\"patterns\":")
                    .append(strings(restrictions.get(i))).append('}');
        }
        return json.append("]}").toString();
    }

    private static String strings(List<String> values) {
        return values.stream().map(value -> "\"" + value + "\"").collect(java.util.stream.Collectors.joining(",", "[", "]"));
    }
}
