package dev.keel.reading;

import dev.keel.core.Cancellation;
import dev.keel.core.Decision;
import dev.keel.core.content.Part;
import dev.keel.core.json.JsonBudget;
import dev.keel.core.json.JsonCodec;
import dev.keel.core.json.JsonPointers;
import dev.keel.policy.FilteredPart;
import dev.keel.policy.Redaction;
import java.lang.reflect.Array;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;
import org.jspecify.annotations.Nullable;

/**
 * Reads a {@link Part} as {@link OutboundFilter#apply(Decision, Part)} says: each string of it through the text
 * filter, JSON values walked in the order they are written, numbers withheld under PARTIAL. The work is linear in
 * the part: each string, name and number is visited once, and renaming members costs at most one extra try per
 * name already taken. Not thread-safe: one per part.
 */
final class PartFilter {

    /**
     * Filters one string of the part, read as written and as Markdown renders it: a model reads emphasis, HTML and
     * escapes in any text it is sent, not only in a part declared Markdown, so every string is read both ways.
     */
    interface TextFilter {
        FilteredText apply(String text);
    }

    private static final String NUMBER_PLACEHOLDER = PartialRedactor.placeholder(Redaction.NUMBER);

    private final Decision decision;
    private final TextFilter texts;
    private final Steps steps;
    private final List<Redaction> redactions = new ArrayList<>();

    private PartFilter(Decision decision, TextFilter texts, Steps steps) {
        this.decision = decision;
        this.texts = texts;
        this.steps = steps;
    }

    /**
     * {@code part} filtered for {@code decision}, which is ALLOW or PARTIAL, counting each value visited and each
     * name tried in {@code steps}.
     */
    static FilteredPart filter(Decision decision, Part part, TextFilter texts, int maxInputChars, Steps steps) {
        return new PartFilter(decision, texts, steps).filter(part, maxInputChars);
    }

    private FilteredPart filter(Part part, int maxInputChars) {
        Part filtered;
        if (part instanceof Part.Text text) {
            filtered = new Part.Text(string(text.text(), "", false), text.labels());
        } else if (part instanceof Part.Markdown markdown) {
            filtered = new Part.Markdown(string(markdown.source(), "", false), markdown.labels());
        } else if (part instanceof Part.Attachment attachment) {
            filtered = new Part.Attachment(string(attachment.name(), "/name", false),
                    attachment.url() == null ? null : string(attachment.url(), "/url", false), attachment.mediaType(),
                    attachment.text() == null ? null : string(attachment.text(), "/text", false), attachment.labels());
        } else if (part instanceof Part.Json json) {
            filtered = new Part.Json(json(json.value(), "", json.rendered(), maxInputChars), json.labels());
        } else if (part instanceof Part.ToolCall call) {
            filtered = new Part.ToolCall(call.id(), call.name(), arguments(call, maxInputChars), call.labels());
        } else {
            Part.ToolResult result = (Part.ToolResult) part;
            filtered = new Part.ToolResult(result.callId(), result.name(),
                    json(result.result(), "/result", result.rendered(), maxInputChars), result.labels());
        }
        // Nothing removed: the part as given, not an equal copy.
        return new FilteredPart(decision, redactions.isEmpty() ? part : filtered, redactions);
    }

    /**
     * A JSON value of the part, at {@code pointer}, filtered: the JSON budget's placeholder kept as it is and
     * reported, a value larger than the filter reads withheld whole, any other value filtered value by value.
     */
    private @Nullable Object json(@Nullable Object value, String pointer, String rendered, int maxInputChars) {
        if (withheldWhenRead(value, pointer)) {
            return value;
        }
        return JsonBudget.largerThan(value, maxInputChars) ? oversized(rendered, "") : value(value, pointer);
    }

    @SuppressWarnings("unchecked")
    private Map<String, Object> arguments(Part.ToolCall call, int maxInputChars) {
        if (withheldWhenRead(call.arguments(), "/arguments")) {
            return call.arguments();
        }
        if (JsonBudget.largerThan(call.arguments(), maxInputChars)) {
            oversized(call.rendered(), "");
            return Map.of();
        }
        // An object filtered is an object.
        return (Map<String, Object>) Objects.requireNonNull(value(call.arguments(), "/arguments"));
    }

    /**
     * Whether {@code value} is the JSON budget's placeholder, which stands for a value withheld when the part was
     * made: then it is reported as withheld, one redaction of the budget's code, empty since nothing is left of the
     * value to remove.
     */
    private boolean withheldWhenRead(@Nullable Object value, String pointer) {
        Optional<String> code = JsonBudget.withheldCode(value);
        code.ifPresent(withheld -> redactions.add(new Redaction(withheld, 0, 0, "",
                JsonCodec.strict().write(JsonBudget.withheld(withheld))).at(pointer, false)));
        return code.isPresent();
    }

    /** The value withheld whole for its size: the placeholder, one {@link Redaction#OVERSIZED} redaction. */
    private String oversized(String rendered, String pointer) {
        redactions.add(new Redaction(Redaction.OVERSIZED, 0, rendered.length(), rendered,
                RedactingOutboundFilter.OVERSIZED_PLACEHOLDER).at(pointer, false));
        return RedactingOutboundFilter.OVERSIZED_PLACEHOLDER;
    }

    private String string(String text, String pointer, boolean key) {
        return record(texts.apply(text), pointer, key);
    }

    private String record(FilteredText filtered, String pointer, boolean key) {
        for (Redaction redaction : filtered.redactions()) {
            redactions.add(redaction.at(pointer, key));
        }
        return filtered.text();
    }

    /** The value filtered, as a plain tree, walked as the JSON writer walks it. */
    private @Nullable Object value(@Nullable Object value, String pointer) {
        Cancellation.checkpoint();
        steps.add(1);
        if (value == null || value instanceof Boolean) {
            return value;
        }
        if (value instanceof CharSequence || value instanceof Enum) {
            return string(value instanceof Enum<?> constant ? constant.name() : value.toString(), pointer, false);
        }
        if (value instanceof Number) {
            if (decision != Decision.PARTIAL) {
                return value;
            }
            // A number is a figure whatever it counts: under PARTIAL no figure leaves, typed or not.
            String written = value.toString();
            redactions.add(new Redaction(Redaction.NUMBER, 0, written.length(), written, NUMBER_PLACEHOLDER)
                    .at(pointer, false));
            return NUMBER_PLACEHOLDER;
        }
        if (value instanceof Map<?, ?> map) {
            return object(map, pointer);
        }
        if (value instanceof Iterable<?> items) {
            List<@Nullable Object> out = new ArrayList<>();
            for (Object item : items) {
                out.add(value(item, pointer + "/" + out.size()));
            }
            return out;
        }
        if (value.getClass().isArray()) {
            int length = Array.getLength(value);
            List<@Nullable Object> out = new ArrayList<>(length);
            for (int i = 0; i < length; i++) {
                out.add(value(Array.get(value, i), pointer + "/" + i));
            }
            return out;
        }
        return value(JsonCodec.strict().toPlain(value), pointer);
    }

    /**
     * The object filtered: names and values in the order they are written. A name that must change takes its
     * filtered text, made unique as {@link OutboundFilter#apply(Decision, Part)} says; names kept as they are keep
     * precedence, so a renamed member never takes the name of one written after it.
     */
    private Map<String, @Nullable Object> object(Map<?, ?> map, String pointer) {
        Map<String, @Nullable Object> ordered = inWrittenOrder(map);
        List<String> names = new ArrayList<>(ordered.size());
        Set<String> taken = new HashSet<>();
        int index = 0;
        boolean[] renamed = new boolean[ordered.size()];
        for (String name : ordered.keySet()) {
            String filtered = string(name, pointer + "/" + JsonPointers.escape(name), true);
            names.add(filtered);
            renamed[index] = !filtered.equals(name);
            if (!renamed[index]) {
                taken.add(name);
            }
            index++;
        }
        Map<String, Integer> nextOrdinal = new HashMap<>();
        for (int i = 0; i < names.size(); i++) {
            if (renamed[i]) {
                String base = names.get(i);
                String unique = base;
                int ordinal = nextOrdinal.getOrDefault(base, 2);
                while (taken.contains(unique)) {
                    steps.add(1);
                    unique = base + " #" + Integer.toBinaryString(ordinal).replace('1', '^').replace('0', '~');
                    ordinal++;
                }
                nextOrdinal.put(base, ordinal);
                taken.add(unique);
                names.set(i, unique);
            }
        }
        Map<String, @Nullable Object> out = new LinkedHashMap<>();
        index = 0;
        for (Map.Entry<String, @Nullable Object> member : ordered.entrySet()) {
            out.put(names.get(index++), value(member.getValue(),
                    pointer + "/" + JsonPointers.escape(member.getKey())));
        }
        return out;
    }

    /** The members with their names as the JSON writer writes them, in the order it writes them. */
    private static Map<String, @Nullable Object> inWrittenOrder(Map<?, ?> map) {
        boolean defined = map instanceof LinkedHashMap || map instanceof SortedMap || map instanceof EnumMap;
        Map<String, @Nullable Object> ordered = defined ? new LinkedHashMap<>() : new TreeMap<>();
        for (Map.Entry<?, ?> member : map.entrySet()) {
            Object key = member.getKey();
            ordered.put(key instanceof Enum<?> constant ? constant.name() : String.valueOf(key), member.getValue());
        }
        return ordered;
    }
}
