package dev.keel.pipeline;

import static dev.keel.test.core.CoreAssertions.assertThat;

import dev.keel.core.Decision;
import dev.keel.core.Principal;
import dev.keel.core.content.Part;
import dev.keel.core.json.JsonCodec;
import dev.keel.core.spi.ChatMessage;
import dev.keel.core.spi.ChatRole;
import dev.keel.routing.PoolEntry;
import dev.keel.routing.RoutingTable;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.atomic.AtomicReference;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Generated conversations whose parts hide a figure, a number word, a month or a credential, sent by a guest
 * (PARTIAL) over a real loopback model server. Each part hides it as a model would still read it: behind Markdown and
 * HTML (emphasis inside a word, nested emphasis, empty tags, comments, a link's text) or behind an escape
 * ({@code \n}, {@code \t}, {@code \/}, <code>&#92;u0066</code>), in a Markdown part, a text part or a JSON part (as a
 * value, a member name or a number, nested up to twelve levels), since a model reads Markdown in any text. The
 * external server never receives the hidden item, the answer never shows one the model wrote, and an extension a
 * step set never shows a digit. The seed is in every failure message; {@code -Dkeel.test.seed=...} replays a run.
 */
class StructuredContentOverHttpTest {

    private static final Principal GUEST = Principal.of("guest", "secret");
    private static final String QUESTION = "Give an overview of the fleet survey";
    private static final List<String> NUMBER_WORDS = List.of("forty", "seventy", "ninety", "eighty", "twelve",
            "fifteen", "thirteen");
    private static final String ALNUM = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
    private static final Pattern DIGIT = Pattern.compile("\\p{N}");
    private static final Pattern UNICODE_ESCAPE = Pattern.compile("\\\\u([0-9a-fA-F]{4})");

    private final long seed = Long.getLong("keel.test.seed", new Random().nextLong());
    private final Random random = new Random(seed);
    private final AtomicReference<String> script = new AtomicReference<>("Noted, qualitatively.");
    private final LoopbackBackend inside = LoopbackBackend.answering("internal_chatgpt", request -> "In house.");
    private final LoopbackBackend cloud = LoopbackBackend.answering("llama", request -> script.get());

    @AfterEach
    void stopServers() {
        inside.close();
        cloud.close();
    }

    /** What a part hides, and how the external server's text is searched for it. */
    private record Hidden(String kind, String written, Pattern found) {

        /** The item as the reader would put it in a sentence: a month comes after "in". */
        String sentence(String disguised) {
            return kind.equals("month") ? "The refit ends in " + disguised + " for the hull."
                    : "The survey of the hull took " + disguised + " hours.";
        }
    }

    private Hidden hidden() {
        switch (random.nextInt(4)) {
            case 0 -> {
                String word = NUMBER_WORDS.get(random.nextInt(NUMBER_WORDS.size()));
                return new Hidden("word", word, Pattern.compile(word));
            }
            case 1 -> {
                String figure = String.valueOf(10 + random.nextInt(9990));
                return new Hidden("figure", figure, Pattern.compile(figure));
            }
            case 2 -> {
                return new Hidden("month", "May", Pattern.compile("\\bin[\\s/]*may\\b"));
            }
            default -> {
                StringBuilder tail = new StringBuilder();
                for (int i = 0; i < 24; i++) {
                    tail.append(ALNUM.charAt(random.nextInt(ALNUM.length())));
                }
                return new Hidden("credential", "sk-ant-" + tail, Pattern.compile(Pattern.quote(
                        tail.toString().toLowerCase(Locale.ROOT))));
            }
        }
    }

    /**
     * {@code item} split by Markdown or HTML that a reader of Markdown does not see, or after an escape a reader
     * decodes; a month is never put behind an escape ("in \/May" no longer reads as a date), only as written.
     */
    private String disguised(String item, boolean markup) {
        if (!markup) {
            return item.equals("May") ? item : switch (random.nextInt(5)) {
                case 0 -> "\\n" + item;
                case 1 -> "\\t" + item;
                case 2 -> "\\/" + item;
                case 3 -> "\\u00%02x".formatted((int) item.charAt(0)) + item.substring(1);
                default -> "\\u0020" + item;
            };
        }
        int at = 1 + random.nextInt(item.length() - 1);
        String head = item.substring(0, at);
        String tail = item.substring(at);
        return switch (random.nextInt(7)) {
            case 0 -> "**" + head + "**" + tail;
            case 1 -> head + "<!-- -->" + tail;
            case 2 -> head + "<b></b>" + tail;
            case 3 -> head + "<i></i>" + tail;
            case 4 -> tail.length() > 1 ? head + "*" + tail.charAt(0) + "*" + tail.substring(1)
                    : "*" + head + "*" + tail;
            case 5 -> tail.length() > 1 ? "*" + head + "**" + tail.charAt(0) + "**" + tail.substring(1) + "*"
                    : "***" + head + "**" + tail + "*";
            default -> "[" + item + "](https://example.org/notes)";
        };
    }

    /** A part hiding {@code hidden}: Markdown, text or a JSON value nested one to twelve levels deep. */
    private Part hidingPart(Hidden hidden) {
        int kind = random.nextInt(3);
        String disguised = disguised(hidden.written(), random.nextInt(3) > 0);
        if (kind == 0) {
            return Part.markdown(hidden.sentence(disguised));
        }
        if (kind == 1) {
            return Part.text(hidden.sentence(disguised));
        }
        Object inner = switch (random.nextInt(3)) {
            case 0 -> hidden.sentence(disguised);
            case 1 -> Map.of(hidden.kind().equals("month") ? "in " + disguised : disguised, "the survey");
            default -> hidden.kind().equals("figure") ? Integer.valueOf(hidden.written()) : disguised;
        };
        return Part.json(nested(inner, 1 + random.nextInt(12)));
    }

    private Object nested(Object inner, int depth) {
        Object value = inner;
        for (int level = 0; level < depth; level++) {
            if (random.nextBoolean()) {
                Map<String, Object> object = new LinkedHashMap<>();
                object.put("note", "the hull");
                object.put(random.nextBoolean() ? "survey" : "detail", value);
                value = object;
            } else {
                value = random.nextBoolean() ? List.of("the hull", value) : List.of(value);
            }
        }
        return value;
    }

    private static Part filler() {
        return Part.text("The hull survey went well.");
    }

    /** Every external backend is the loopback server: each PARTIAL turn of the guest goes out over HTTP. */
    private Pipeline.Builder pipeline() {
        return Pipeline.builder().policy(Fixtures.policy())
                .routing(RoutingTable.builder().pool(1, new PoolEntry("llama", "balanced_summary", "llama"))
                        .internalBackendTarget("internal_chatgpt").build())
                .backends(Backends.builder().internal("internal_chatgpt", inside).external("llama", cloud).build())
                .reasoning(SingleCallReasoning.userMessage());
    }

    /** {@code text} as a reader takes it: escapes decoded (at every level of quoting), markup and case dropped. */
    static String asRead(String text) {
        String read = text;
        String before;
        do {
            before = read;
            read = read.replace("\\\\", "\\");
            Matcher unicode = UNICODE_ESCAPE.matcher(read);
            read = unicode.replaceAll(m -> Matcher.quoteReplacement(String.valueOf((char) Integer.parseInt(
                    m.group(1), 16))));
            read = read.replaceAll("\\\\[ntr]", " ").replace("\\/", "/");
        } while (!read.equals(before));
        read = read.replaceAll("(?s)<!--.*?-->", "").replaceAll("<[^>]*>", "").replaceAll("\\]\\([^)]*\\)", "")
                .replaceAll("[*_\\[\\]]", "");
        return read.toLowerCase(Locale.ROOT).replaceAll("\\s+", " ");
    }

    /** The text of every message the external server received from the {@code from}-th request on. */
    private List<String> receivedTexts(int from) {
        List<String> texts = new ArrayList<>();
        for (String body : cloud.bodiesFrom(from)) {
            for (Object message : (List<?>) JsonCodec.strict().parseObject(body).get("messages")) {
                texts.add((String) ((Map<?, ?>) message).get("content"));
            }
        }
        return texts;
    }

    @Test
    void noHiddenFigureWordMonthOrCredentialInAnyPartReachesTheExternalServer() {
        Pipeline pipeline = pipeline().build();
        for (int c = 0; c < 100; c++) {
            Hidden hidden = hidden();
            List<ChatMessage> history = new ArrayList<>();
            int turns = random.nextInt(5);
            for (int t = 0; t < turns; t++) {
                history.add(ChatMessage.of(random.nextBoolean() ? ChatRole.USER : ChatRole.ASSISTANT, filler()));
            }
            List<Part> message = new ArrayList<>(List.of(Part.text(QUESTION)));
            Part hiding = hidingPart(hidden);
            int place = random.nextInt(turns + 1);
            if (place == turns) {
                message.add(random.nextInt(message.size() + 1), hiding);
            } else {
                List<Part> parts = new ArrayList<>(history.get(place).parts());
                parts.add(random.nextInt(parts.size() + 1), hiding);
                history.set(place, ChatMessage.of(history.get(place).role(), parts.toArray(Part[]::new)));
            }
            int before = cloud.received().size();

            GovernedAnswer answer = pipeline.call(GovernedRequest.builder().principal(GUEST)
                    .history(history).message(message).build());

            String where = "seed %d, case %d: %s hidden as %s in %s".formatted(seed, c, hidden.written(), hiding,
                    place == turns ? "the message" : "history message " + place);
            assertThat(answer.decision()).as(where).isEqualTo(Decision.PARTIAL);
            List<String> texts = receivedTexts(before);
            assertThat(texts).as(where).anySatisfy(text -> assertThat(text).contains("overview"));
            for (String text : texts) {
                assertThat(hidden.found().matcher(asRead(text)).find()).as("%s: the external server received %s",
                        where, text).isFalse();
            }
        }
    }

    @Test
    void anAnswerTheModelWroteNeverShowsWhatItsMarkdownHides() {
        Pipeline pipeline = pipeline().build();
        for (int c = 0; c < 60; c++) {
            Hidden hidden = hidden();
            String written = hidden.sentence(disguised(hidden.written(), random.nextInt(3) > 0));
            script.set("Overview: " + written);

            GovernedAnswer answer = pipeline.call(GovernedRequest.of(GUEST, QUESTION));

            String where = "seed %d, case %d: the model answered %s".formatted(seed, c, written);
            assertThat(answer.decision()).as(where).isEqualTo(Decision.PARTIAL);
            assertThat(answer.provenance().backendUsed()).as(where).isEqualTo("llama");
            assertThat(hidden.found().matcher(asRead(answer.text())).find()).as("%s: the user was shown %s", where,
                    answer.text()).isFalse();
        }
    }

    /** A nested value of numbers under number-word names (as written or behind an escape), at a generated depth. */
    private Object figures(int depth) {
        Map<String, Object> object = new LinkedHashMap<>();
        String word = NUMBER_WORDS.get(random.nextInt(NUMBER_WORDS.size()));
        object.put(random.nextBoolean() ? word : disguised(word, random.nextBoolean()), random.nextBoolean()
                ? random.nextInt(100_000) : Math.round(random.nextDouble() * 1e6) / 100.0);
        object.put("step", "survey");
        if (depth > 1) {
            object.put(random.nextBoolean() ? "detail" : NUMBER_WORDS.get(random.nextInt(NUMBER_WORDS.size())),
                    random.nextBoolean() ? figures(depth - 1) : List.of(random.nextInt(1000), figures(depth - 1)));
        }
        return object;
    }

    @Test
    void underPartialAnExtensionAStepSetShowsNoDigitAndNoNumberWordAsWritten() {
        AtomicReference<Object> estimate = new AtomicReference<>();
        Pipeline pipeline = pipeline().reasoning(turn -> {
            turn.extension("estimate", estimate.get());
            return SingleCallReasoning.userMessage().reason(turn);
        }).build();
        for (int c = 0; c < 40; c++) {
            Object value = figures(1 + random.nextInt(12));
            estimate.set(value);

            GovernedAnswer answer = pipeline.call(GovernedRequest.of(GUEST, QUESTION));

            String where = "seed %d, case %d: the step set %s".formatted(seed, c, JsonCodec.strict().write(value));
            assertThat(answer.decision()).as(where).isEqualTo(Decision.PARTIAL);
            String shown = JsonCodec.strict().write(answer.provenance().extension("estimate"));
            assertThat(DIGIT.matcher(shown).find()).as("%s: shown as %s", where, shown).isFalse();
            for (String word : NUMBER_WORDS) {
                assertThat(asRead(shown)).as("%s: shown as %s", where, shown).doesNotContain(word);
            }
            assertThat(shown).as(where).contains("\"step\":\"survey\"");
        }
    }
}
