package dev.keel.reading;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keel.core.Decision;
import dev.keel.core.content.Labels;
import dev.keel.core.content.Part;
import dev.keel.policy.FilteredPart;
import dev.keel.policy.Redaction;
import dev.keel.policy.RestrictionSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The outbound filter on each kind of part: what it reads, what it withholds, and where it says it did. */
class OutboundFilterPartsTest {

    private static final Labels LABELS = Labels.of(Set.of("fleet"), true, Decision.PARTIAL);

    private final OutboundFilter plain = OutboundFilter.withoutRestrictions();
    private final OutboundFilter credentials = OutboundFilter.create(
            List.of(RestrictionSet.named(RestrictionSet.CREDENTIALS).orElseThrow().restriction("credentials")));

    @Test
    void aTextPartIsFilteredAsText() {
        FilteredPart filtered = plain.apply(Decision.PARTIAL, new Part.Text("Retire two boats in Q3", LABELS));

        assertThat(filtered.part()).isEqualTo(new Part.Text("Retire [figure withheld] boats in [quarter withheld]",
                LABELS));
        assertThat(filtered.redactions()).extracting(Redaction::kind, Redaction::start, Redaction::end,
                Redaction::pointer, Redaction::inKey).containsExactly(
                        org.assertj.core.groups.Tuple.tuple(Redaction.NUMBER, 7, 10, "", false),
                        org.assertj.core.groups.Tuple.tuple(Redaction.QUARTER, 20, 22, "", false));
    }

    @Test
    void jsonNumbersAreWithheldUnderPartialAndKeptUnderAllow() {
        Map<String, Object> value = ordered("o", 383.29, "ok", true, "none", null, "n", List.of(1, "two"));

        FilteredPart partial = plain.apply(Decision.PARTIAL, new Part.Json(value, LABELS));

        assertThat(partial.part()).isEqualTo(new Part.Json(ordered("o", "[figure withheld]", "ok", true, "none", null,
                "n", List.of("[figure withheld]", "[figure withheld]")), LABELS));
        assertThat(partial.redactions()).extracting(Redaction::pointer, Redaction::removed, Redaction::start,
                Redaction::end).containsExactly(
                        org.assertj.core.groups.Tuple.tuple("/o", "383.29", 0, 6),
                        org.assertj.core.groups.Tuple.tuple("/n/0", "1", 0, 1),
                        org.assertj.core.groups.Tuple.tuple("/n/1", "two", 0, 3));
        Part.Json allowed = new Part.Json(value, LABELS);
        assertThat(plain.apply(Decision.ALLOW, allowed).part()).isSameAs(allowed);
    }

    @Test
    void keysAreReadAndRenamedUniquelyWithoutDigits() {
        Map<String, Object> value = ordered("q3", "a", "Q4", "b", "[quarter withheld]", "c", "x/y~", ordered("7", "d"));

        FilteredPart filtered = plain.apply(Decision.PARTIAL, Part.json(value));

        assertThat(filtered.part()).isEqualTo(Part.json(ordered("[quarter withheld] #^~", "a",
                "[quarter withheld] #^^", "b", "[quarter withheld]", "c", "x/y~", ordered("[figure withheld]", "d"))));
        assertThat(filtered.redactions()).extracting(Redaction::pointer, Redaction::inKey, Redaction::removed)
                .containsExactly(
                        org.assertj.core.groups.Tuple.tuple("/q3", true, "q3"),
                        org.assertj.core.groups.Tuple.tuple("/Q4", true, "Q4"),
                        org.assertj.core.groups.Tuple.tuple("/x~1y~0/7", true, "7"));
    }

    @Test
    void toolCallsAndResultsAreFilteredInTheirValuesOnly() {
        Part.ToolCall call = Part.ToolCall.of("call-7", "fleet_q3", Map.of("boats", 12, "note", "sk-ant-api03-"
                + "a".repeat(40)));
        Part.ToolResult result = Part.ToolResult.of("call-7", "fleet_q3", "retire 2 boats");

        Part.ToolCall filteredCall = (Part.ToolCall) credentials.apply(Decision.PARTIAL, call).part();
        FilteredPart filteredResult = plain.apply(Decision.PARTIAL, result);

        assertThat(filteredCall.id()).isEqualTo("call-7");
        assertThat(filteredCall.name()).isEqualTo("fleet_q3");
        assertThat(filteredCall.arguments()).containsEntry("boats", "[figure withheld]")
                .doesNotContainValue(call.arguments().get("note"));
        assertThat(filteredResult.part()).isEqualTo(Part.ToolResult.of("call-7", "fleet_q3",
                "retire [figure withheld] boats"));
        assertThat(filteredResult.redactions()).extracting(Redaction::pointer).containsExactly("/result");
    }

    @Test
    void anAttachmentsNameUrlAndTextAreRead() {
        Part.Attachment attachment = new Part.Attachment("plan-2026.pdf", "https://files.example/q3/plan",
                "application/pdf", "two boats", LABELS);

        FilteredPart filtered = plain.apply(Decision.PARTIAL, attachment);

        assertThat(filtered.part()).isEqualTo(new Part.Attachment("plan-[date withheld].pdf",
                "https://files.example/[quarter withheld]/plan", "application/pdf", "[figure withheld] boats",
                LABELS));
        assertThat(filtered.redactions()).extracting(Redaction::pointer).containsExactly("/name", "/url", "/text");
    }

    @Test
    void denyKeepsNothingOfAnyPart() {
        Part.Json json = Part.json(Map.of("a", "b"));

        FilteredPart filtered = plain.apply(Decision.DENY, json);

        assertThat(filtered.withheld()).isTrue();
        assertThat(filtered.kept()).isEmpty();
        assertThat(filtered.redactions()).containsExactly(new Redaction(Redaction.DENIED, 0, 9, "{\"a\":\"b\"}", ""));
    }

    @Test
    void aValueLargerThanTheFilterReadsIsWithheldWhole() {
        OutboundFilter small = OutboundFilter.create(List.of(), 10);

        FilteredPart filtered = small.apply(Decision.ALLOW, Part.json(List.of("abcdef", "ghijkl")));

        assertThat(filtered.part()).isEqualTo(Part.json("[text withheld: too long to filter]"));
        assertThat(filtered.redactions()).extracting(Redaction::kind).containsExactly(Redaction.OVERSIZED);
    }

    @Test
    void aTextRedactionsWireFormIsUnchanged() {
        Redaction redaction = new Redaction(Redaction.NUMBER, 0, 1, "2", "[figure withheld]");

        assertThat(redaction.toWire()).containsOnlyKeys("kind", "start", "end", "removed", "replacement");
        assertThat(redaction.at("/a", true).toWire()).containsEntry("pointer", "/a").containsEntry("key", true);
    }

    static java.util.stream.Stream<org.junit.jupiter.params.provider.Arguments> renderedMarkdown() {
        return java.util.stream.Stream.of(
                // the smallest source range covering the finding: from its first letter to its last
                pair("**fo**rty boats", "**[figure withheld] boats"),
                pair("fo<!-- -->rty boats", "[figure withheld] boats"),
                pair("for<b></b>ty boats", "[figure withheld] boats"),
                pair("sev*en*ty boats", "[figure withheld] boats"),
                pair("in M<i></i>ay", "in [date withheld]"),
                pair("***fo*r**ty boats", "***[figure withheld] boats"),
                pair("`fo`rty boats", "`[figure withheld] boats"),
                pair("[fo](https://x.example)rty boats", "[[figure withheld] boats"),
                pair("see [it](https://x.example/q3)", "see [it](https://x.example/[quarter withheld])"),
                pair("see [it][r]\n\n[r]: https://x.example/q3", "see [it][r]\n\n[r]: https://x.example/[quarter withheld]"),
                pair("<div>\n<p>fo<b></b>rty</p>\n</div>", "<div>\n<p>[figure withheld]</p>\n</div>"),
                pair("fifty &amp; more", "[figure withheld] &amp; more"),
                // a backslash escape: the whole stretch where literal and source differ
                pair("a \\*fifty\\* b", "a [figure withheld]* b"),
                pair("plain words", "plain words"));
    }

    private static org.junit.jupiter.params.provider.Arguments pair(String source, String expected) {
        return org.junit.jupiter.params.provider.Arguments.of(source, expected);
    }

    @org.junit.jupiter.params.ParameterizedTest(name = "{0}")
    @org.junit.jupiter.params.provider.MethodSource("renderedMarkdown")
    void markdownIsReadAsRenderedAndRedactedInItsSource(String source, String expected) {
        FilteredPart filtered = plain.apply(Decision.PARTIAL, Part.markdown(source));

        assertThat(((Part.Markdown) filtered.part()).source()).isEqualTo(expected);
    }

    /** A model reads Markdown in any text it is sent: a text part, a JSON string or a member name is read so too. */
    @Test
    void everyStringIsReadAsMarkdownToo() {
        assertThat(plain.apply(Decision.PARTIAL, Part.text("**fo**rty boats")).part())
                .isEqualTo(Part.text("**[figure withheld] boats"));
        assertThat(((Part.Json) plain.apply(Decision.PARTIAL, Part.json(java.util.Map.of("note",
                "took ***twelv**e* hours"))).part()).value()).isEqualTo(java.util.Map.of("note",
                "took ***[figure withheld]* hours"));
        assertThat(((Part.Json) plain.apply(Decision.PARTIAL, Part.json(java.util.Map.of("fort<!-- -->y", true)))
                .part()).value()).isEqualTo(java.util.Map.of("[figure withheld]", true));
    }

    @Test
    void escapesDoNotHideWhatFollowsThem() {
        String key = "sk-ant-api03-" + "a".repeat(40);

        assertThat(credentials.apply(Decision.ALLOW, "{\"q\":\"hi\\n" + key + "\"}").text()).doesNotContain(key);
        assertThat(plain.apply(Decision.PARTIAL, "line\\nforty\\tboats").text())
                .isEqualTo("line\\n[figure withheld]\\tboats");
        assertThat(plain.apply(Decision.PARTIAL, "\\u0066orty boats").text()).isEqualTo("[figure withheld] boats");
        assertThat(plain.apply(Decision.PARTIAL, Part.json(Map.of("q", "a\\nforty"))).part())
                .isEqualTo(Part.json(Map.of("q", "a\\n[figure withheld]")));
    }

    private static Map<String, Object> ordered(Object... keysAndValues) {
        Map<String, Object> map = new LinkedHashMap<>();
        for (int i = 0; i < keysAndValues.length; i += 2) {
            map.put((String) keysAndValues[i], keysAndValues[i + 1]);
        }
        return map;
    }
}
