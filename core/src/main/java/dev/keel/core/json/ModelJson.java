package dev.keel.core.json;

import dev.keel.core.WireFormatException;
import dev.keel.core.text.JsText;
import java.util.Map;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * The one rule for a model's reply that must be JSON, shared by the stage runtime and structured output: the reply
 * is exactly one strict JSON value, nothing around it. A Markdown code fence, prose before or after the value, or
 * anything the strict codec refuses is not unwrapped or repaired: it is a problem, said in words a model can act on
 * when it is asked again ("the output is wrapped in a Markdown code fence; return the bare JSON object, nothing
 * around it"). Repairing a reply would accept a different text than the one the model wrote, and the same reply
 * must mean the same thing wherever Keel reads it. A value nested or sized past the {@link JsonBudget} is a problem
 * too. See {@code docs/json.md}.
 *
 * <p>Pure functions; thread-safe.
 */
public final class ModelJson {

    private ModelJson() {
    }

    /**
     * What reading a reply gave: the value, or the problem (never both).
     *
     * @param value   the parsed value (a plain tree, see {@link JsonCodec}) when {@code problem} is null
     * @param problem what is wrong, for the model and for people; null when the reply is one JSON value
     * @param code    the codec's error code when it refused the text ({@code json_malformed}, ...), or the
     *                {@link JsonBudget}'s when the value is past it ({@code json_too_deep}, {@code json_too_large}),
     *                else null
     */
    public record Reading(@Nullable Object value, @Nullable String problem, @Nullable String code) {

        /** Whether the reply was one strict JSON value. */
        public boolean ok() {
            return problem == null;
        }
    }

    /** Reads {@code reply} under the rule above; never throws for any reply text. */
    public static Reading read(JsonCodec codec, String reply) {
        Objects.requireNonNull(codec, "codec");
        String trimmed = reply == null ? "" : JsText.trim(reply);
        if (trimmed.isEmpty()) {
            return problem("the output is empty; return a single JSON object", null);
        }
        Object value;
        try {
            value = codec.parse(reply);
        } catch (WireFormatException e) {
            return problem(describe(codec, trimmed, e), e.code());
        }
        // Within the codec's limits but past the budget every reading of a model's JSON has.
        return JsonBudget.exceeded(value).map(code -> problem(JsonBudget.TOO_DEEP.equals(code)
                ? "the output is nested deeper than " + JsonBudget.MAX_DEPTH + " levels; return a flatter JSON object"
                : "the output is longer than " + JsonBudget.MAX_SIZE + " characters; return a shorter JSON object",
                code)).orElseGet(() -> new Reading(value, null, null));
    }

    private static Reading problem(String problem, @Nullable String code) {
        return new Reading(null, problem, code);
    }

    private static String describe(JsonCodec codec, String trimmed, WireFormatException e) {
        if (trimmed.startsWith("```")) {
            return "the output is wrapped in a Markdown code fence; return the bare JSON object, nothing around it";
        }
        if (trimmed.charAt(0) != '{' && trimmed.charAt(0) != '[' && trimmed.indexOf('{') > 0) {
            return "the output has text before the JSON object; return the bare JSON object, no prose";
        }
        if (trimmed.charAt(0) == '{' && endsAnObjectBefore(codec, trimmed, trimmed.lastIndexOf('}'))) {
            return "the output has text after the JSON object; return the bare JSON object, no prose";
        }
        return "the output is not strict JSON (" + e.code() + "): " + e.getMessage();
    }

    /** Whether the text up to {@code end} is one JSON object and something follows it. */
    private static boolean endsAnObjectBefore(JsonCodec codec, String text, int end) {
        if (end <= 0 || end == text.length() - 1) {
            return false;
        }
        try {
            return codec.parse(text.substring(0, end + 1)) instanceof Map;
        } catch (WireFormatException e) {
            return false;
        }
    }
}
