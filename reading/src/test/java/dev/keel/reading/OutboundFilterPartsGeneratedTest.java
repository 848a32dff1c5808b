package dev.keel.reading;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keel.core.Decision;
import dev.keel.core.content.Labels;
import dev.keel.core.content.Part;
import dev.keel.core.json.JsonBudget;
import dev.keel.policy.FilteredPart;
import dev.keel.policy.RestrictionSet;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.commonmark.parser.Parser;
import org.commonmark.renderer.html.HtmlRenderer;
import org.jsoup.Jsoup;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * The outbound filter on generated parts of every kind: number words, dates and credentials written as the hardening
 * tests write them, behind escapes ({@code \n}, {@code \t}, {@code \/}, <code>&#92;u00XX</code>), split by Markdown
 * and HTML as a reader does not see ({@code **fo**rty}, {@code fo<!-- -->rty}, {@code for<b></b>ty},
 * {@code sev*en*ty}, {@code M<i></i>ay}, nested emphasis, links, code spans, HTML blocks), in JSON values nested up
 * to the JSON budget's depth (what a part holds), in member names and as numbers. Whatever is generated: the filter
 * does not throw; nothing it withholds is left in the filtered part's rendering (the plain-text filter, under the
 * same decision, finds nothing there, and filtering the part again finds nothing); DENY keeps nothing; ALLOW without
 * restrictions keeps the part as it is. Each case is built from its own seed, printed with any failure.
 */
class OutboundFilterPartsGeneratedTest {

    private static final long SEED = 20250612L;
    private static final int CASES = 400;
    private static final String ALNUM = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
    private static final String UPPER_AND_DIGITS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0234567";
    private static final List<String> WORDS = List.of("forty", "seventy", "twenty-five", "third", "May", "eighty",
            "thirteen", "hundred", "March", "fifth");
    private static final Set<String> MONTHS = Set.of("May", "March");
    private static final List<String> PROSE = List.of("the", "boats", "dock", "plan", "crew", "spares", "retire",
            "keep", "capability", "above", "threshold");
    private static final List<String> ESCAPES = List.of("\\n", "\\t", "\\/", "\\r", "\\\\n", "\\\"");
    private static final Pattern ESCAPE = Pattern.compile("\\\\+(u[0-9a-fA-F]{4}|[ntrbf/\"])");
    private static final Labels LABELS = Labels.of(Set.of("fleet"), false, Decision.PARTIAL);

    private static final OutboundFilter FILTER = OutboundFilter.create(
            List.of(RestrictionSet.named(RestrictionSet.CREDENTIALS).orElseThrow().restriction("credentials")));
    private static final OutboundFilter PLAIN = OutboundFilter.withoutRestrictions();

    @TestFactory
    Stream<DynamicTest> nothingWithheldIsLeftInAnyKindOfPart() {
        return IntStream.range(0, CASES).mapToObj(i -> {
            long seed = SEED + i;
            return DynamicTest.dynamicTest("seed " + seed, () -> check(seed));
        });
    }

    private static void check(long seed) {
        Generator generator = new Generator(seed);
        Part part = generator.part();
        String context = "seed " + seed + ", part " + part;
        for (Decision decision : Decision.values()) {
            FilteredPart filtered = FILTER.apply(decision, part);
            if (decision == Decision.DENY) {
                assertThat(filtered.withheld()).as(context).isTrue();
                assertThat(filtered.kept()).as(context).isEmpty();
                continue;
            }
            Part kept = filtered.part();
            assertThat(kept).as(context).isNotNull();
            assertThat(kept.kind()).as(context).isEqualTo(part.kind());
            assertThat(kept.labels()).as(context).isEqualTo(part.labels());
            String rendering = kept.rendered();
            assertThat(FILTER.apply(decision, rendering).redactions())
                    .as("%s: the plain-text filter under %s finds in the rendering %s", context, decision, rendering)
                    .isEmpty();
            assertThat(FILTER.apply(decision, kept).redactions())
                    .as("%s: filtering the filtered part again under %s", context, decision).isEmpty();
            String read = readerText(kept);
            for (String credential : generator.credentials) {
                assertThat(read).as("%s: under %s, what a reader reads of %s", context, decision, rendering)
                        .doesNotContain(credential);
            }
            if (decision == Decision.PARTIAL) {
                assertThat(rendering).as(context).doesNotContainPattern("\\p{N}");
                for (String word : generator.words) {
                    assertThat(read).as("%s: what a reader reads of %s", context, rendering)
                            .doesNotContainPattern("(?i)(?<![\\p{L}\\p{N}])" + word + "(?![\\p{L}\\p{N}])");
                }
            }
        }
        assertThat(PLAIN.apply(Decision.ALLOW, part).part()).as(context).isSameAs(part);
    }

    /**
     * What a reader reads of a part, worked out apart from the filter: Markdown rendered to HTML and its text taken
     * as a browser shows it; then, in every kind, JSON and JavaScript escapes read, at any level of embedding.
     */
    private static String readerText(Part part) {
        String text = part.rendered();
        if (part instanceof Part.Markdown) {
            text = Jsoup.parse(HtmlRenderer.builder().build().render(Parser.builder().build().parse(text))).text();
        }
        StringBuilder read = new StringBuilder();
        Matcher escape = ESCAPE.matcher(text);
        while (escape.find()) {
            String letter = escape.group(1);
            String replacement = letter.startsWith("u") ? String.valueOf((char) Integer.parseInt(letter.substring(1), 16))
                    : letter.equals("n") || letter.equals("t") || letter.equals("r") ? " " : letter;
            escape.appendReplacement(read, Matcher.quoteReplacement(replacement));
        }
        escape.appendTail(read);
        return read.toString();
    }

    /** Generates one part from one seed, and records the items it puts in. Not thread-safe. */
    private static final class Generator {
        final Random random;
        final List<String> words = new ArrayList<>();
        final List<String> credentials = new ArrayList<>();

        Generator(long seed) {
            this.random = new Random(seed);
        }

        Part part() {
            switch (random.nextInt(6)) {
                case 0:
                    return new Part.Text(text(this::escaped), LABELS);
                case 1:
                    return new Part.Markdown(text(this::marked), LABELS);
                case 2:
                    return new Part.Json(value(1 + random.nextInt(JsonBudget.MAX_DEPTH + 1)), LABELS);
                case 3:
                    return new Part.Attachment(text(this::escaped),
                            random.nextBoolean() ? null : "https://files.example/" + item(),
                            "text/plain", random.nextBoolean() ? null : text(this::escaped),
                            LABELS);
                case 4:
                    return new Part.ToolCall("call-a", "fleet_plan", object(1 + random.nextInt(20)), LABELS);
                default:
                    return new Part.ToolResult("call-a", "fleet_plan", value(1 + random.nextInt(20)), LABELS);
            }
        }

        /** Prose with one to three items, each disguised by {@code disguise}. */
        String text(java.util.function.UnaryOperator<String> disguise) {
            StringBuilder text = new StringBuilder();
            int items = 1 + random.nextInt(3);
            for (int i = 0; i < items; i++) {
                for (int k = random.nextInt(4); k > 0; k--) {
                    text.append(PROSE.get(random.nextInt(PROSE.size()))).append(' ');
                }
                text.append(disguise.apply(item())).append(' ');
            }
            return text.append(PROSE.get(random.nextInt(PROSE.size()))).toString();
        }

        /** A number word, a date word or a credential, recorded. */
        String item() {
            String item;
            switch (random.nextInt(5)) {
                case 0:
                    item = "sk-ant-api03-" + random(random, ALNUM, 40);
                    credentials.add(item);
                    return item;
                case 1:
                    item = "AKIA" + random(random, UPPER_AND_DIGITS, 16);
                    credentials.add(item);
                    return item;
                case 2:
                    item = "ghp_" + random(random, ALNUM, 36);
                    credentials.add(item);
                    return item;
                default:
                    item = WORDS.get(random.nextInt(WORDS.size()));
                    // A month name is a date or not by its context ("May I"): the plain-text filter checks it.
                    if (!MONTHS.contains(item)) {
                        words.add(item);
                    }
                    return item;
            }
        }

        /** {@code item} behind an escape: after one, or with its first letter written as one. */
        String escaped(String item) {
            if (random.nextInt(4) == 0) {
                return String.format("\\u%04x", (int) item.charAt(0)) + item.substring(1);
            }
            return ESCAPES.get(random.nextInt(ESCAPES.size())) + item;
        }

        /** {@code item} split by Markdown or HTML that its reader does not see, or behind an escape. */
        String marked(String item) {
            int cut = 1 + random.nextInt(Math.max(1, item.length() - 1));
            int second = cut + random.nextInt(Math.max(1, item.length() - cut));
            String head = item.substring(0, cut);
            String tail = item.substring(cut);
            switch (random.nextInt(10)) {
                case 0:
                    return "**" + head + "**" + tail;
                case 1:
                    return head + "<!-- -->" + tail;
                case 2:
                    return head + "<b></b>" + tail;
                case 3:
                    return second < item.length() ? head + "*" + item.substring(cut, second) + "*" + item.substring(second)
                            : head + "<i></i>" + tail;
                case 4:
                    return "***" + head + "*" + item.substring(cut, second) + "**" + item.substring(second);
                case 5:
                    return "[" + head + "](https://x.example/" + tail + ")" + tail;
                case 6:
                    return "`" + head + "`" + tail;
                case 7:
                    return "\n\n<div>\n<p>" + head + "<span></span>" + tail + "</p>\n</div>\n\n";
                case 8:
                    return "_" + head + "_" + tail;
                default:
                    return escaped(item);
            }
        }

        /** A JSON value nested up to {@code depth}: items in strings, in names, and numbers. */
        Object value(int depth) {
            if (depth <= 1) {
                switch (random.nextInt(6)) {
                    case 0:
                        return random.nextInt(10_000);
                    case 1:
                        return random.nextDouble() * 1000;
                    case 2:
                        return random.nextBoolean();
                    case 3:
                        return "none";
                    default:
                        return text(this::escaped);
                }
            }
            if (random.nextBoolean()) {
                List<Object> list = new ArrayList<>();
                list.add(value(depth - 1));
                for (int k = random.nextInt(3); k > 0; k--) {
                    list.add(value(1));
                }
                return list;
            }
            return object(depth - 1);
        }

        Map<String, Object> object(int depth) {
            Map<String, Object> object = new LinkedHashMap<>();
            object.put(random.nextBoolean() ? item() : escaped(item()), value(depth));
            for (int k = random.nextInt(4); k > 0; k--) {
                String name = random.nextBoolean() ? PROSE.get(random.nextInt(PROSE.size())) : item();
                object.put(name, value(1));
            }
            return object;
        }
    }

    private static String random(Random random, String alphabet, int length) {
        StringBuilder out = new StringBuilder(length);
        for (int i = 0; i < length; i++) {
            out.append(alphabet.charAt(random.nextInt(alphabet.length())));
        }
        return out.toString();
    }
}
