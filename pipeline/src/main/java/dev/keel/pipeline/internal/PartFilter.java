package dev.keel.pipeline.internal;

import dev.keel.core.Decision;
import dev.keel.core.content.Part;
import dev.keel.policy.FilteredText;
import dev.keel.policy.OutboundFilter;
import dev.keel.policy.Redaction;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The outbound filter over one part, read as its kind says: text as written, every string and key of a JSON value
 * (numbers withheld under PARTIAL, as a figure in text is), an attachment's name, URL and text. The one way the
 * pipeline filters content, on its way out to a model and on its way to the user. Stateless and thread-safe.
 */
final class PartFilter {

    /** A filtered part and what was withheld from it. */
    record Filtered(Part part, List<Redaction> redactions) {
    }

    private PartFilter() {
    }

    static Filtered apply(OutboundFilter filter, Decision decision, Part part) {
        List<Redaction> redactions = new ArrayList<>();
        Part filtered;
        if (part instanceof Part.Text text) {
            filtered = new Part.Text(text(filter, decision, text.text(), redactions), text.labels());
        } else if (part instanceof Part.Markdown markdown) {
            filtered = new Part.Markdown(text(filter, decision, markdown.source(), redactions), markdown.labels());
        } else if (part instanceof Part.Json json) {
            filtered = new Part.Json(value(filter, decision, json.value(), redactions), json.labels());
        } else if (part instanceof Part.Attachment attachment) {
            filtered = new Part.Attachment(text(filter, decision, attachment.name(), redactions),
                    attachment.url() == null ? null : text(filter, decision, attachment.url(), redactions),
                    attachment.mediaType(),
                    attachment.text() == null ? null : text(filter, decision, attachment.text(), redactions),
                    attachment.labels());
        } else if (part instanceof Part.ToolCall call) {
            filtered = new Part.ToolCall(call.id(), call.name(),
                    castMap(value(filter, decision, call.arguments(), redactions)), call.labels());
        } else {
            Part.ToolResult result = (Part.ToolResult) part;
            filtered = new Part.ToolResult(result.callId(), result.name(),
                    value(filter, decision, result.result(), redactions), result.labels());
        }
        return new Filtered(filtered, redactions);
    }

    private static String text(OutboundFilter filter, Decision decision, String text, List<Redaction> redactions) {
        FilteredText filtered = filter.apply(decision, text);
        redactions.addAll(filtered.redactions());
        return filtered.text();
    }

    private static Object value(OutboundFilter filter, Decision decision, Object value, List<Redaction> redactions) {
        if (value instanceof String text) {
            return text(filter, decision, text, redactions);
        }
        if (value instanceof Number number) {
            // A number is a figure: under PARTIAL it is withheld as the same number in text would be.
            return decision == Decision.ALLOW ? number : text(filter, decision, number.toString(), redactions);
        }
        if (value instanceof Map<?, ?> map) {
            Map<String, Object> copy = new LinkedHashMap<>();
            map.forEach((key, item) -> copy.putIfAbsent(text(filter, decision, String.valueOf(key), redactions),
                    value(filter, decision, item, redactions)));
            return copy;
        }
        if (value instanceof List<?> list) {
            List<Object> copy = new ArrayList<>(list.size());
            list.forEach(item -> copy.add(value(filter, decision, item, redactions)));
            return copy;
        }
        return value;
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> castMap(Object value) {
        return (Map<String, Object>) value;
    }
}
