package dev.keel.committee;

import dev.keel.core.InvalidInputException;
import dev.keel.core.json.JsonTreeReader.ObjectValue;
import dev.keel.core.json.JsonTreeReader.Value;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One blocking question with exactly three options, A, B and C: what the user is asked when the committee's
 * confidence is below the threshold or the master needs a clarification. Options are kept without their letters.
 * Immutable, pure and thread-safe.
 */
public record ClarificationQuestion(String question, List<String> options) {

    /** The letters of the options, in order. */
    public static final List<String> LETTERS = List.of("A", "B", "C");

    /** An option as a model writes it: its letter, a separator, the text ({@code "A ..."}, {@code "B) ..."}). */
    private static final Pattern LABELLED = Pattern.compile("^\\s*([ABC])(?:\\s*[).:-]\\s*|\\s+)(\\S.*)$", Pattern.DOTALL);

    /** @throws InvalidInputException unless the question and three options are single non-blank lines */
    public ClarificationQuestion {
        Objects.requireNonNull(question, "question");
        options = List.copyOf(options);
        if (question.isBlank() || question.contains("\n") || options.size() != 3) {
            throw new InvalidInputException("a clarification is one line of question and three options");
        }
        for (String option : options) {
            if (option.isBlank() || option.contains("\n")) {
                throw new InvalidInputException("each option is one non-blank line");
            }
        }
    }

    /** {@code {"question", "options": ["A ...", "B ...", "C ..."]}}, the form the master writes. */
    public Map<String, Object> toWire() {
        Map<String, Object> wire = new LinkedHashMap<>();
        wire.put("question", question);
        List<String> labelled = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            labelled.add(LETTERS.get(i) + " " + options.get(i));
        }
        wire.put("options", labelled);
        return wire;
    }

    /**
     * Reads {@code {"question", "options": ["A ...", "B ...", "C ..."]}}: three options, each starting with its
     * letter in order; problems go to the value's reader.
     */
    public static ClarificationQuestion read(Value value) {
        ObjectValue fields = value.object("question", "options");
        String question = fields.required("question").nonBlankString();
        Value optionsValue = fields.required("options");
        List<Value> items = optionsValue.items();
        List<String> options = new ArrayList<>();
        if (optionsValue.raw() instanceof List && items.size() != 3) {
            optionsValue.problem("must hold exactly three options, A, B and C, found " + items.size());
        }
        for (int i = 0; i < items.size() && i < 3; i++) {
            String text = items.get(i).nonBlankString();
            if (text == null) {
                continue;
            }
            Matcher matcher = LABELLED.matcher(text.strip());
            if (!matcher.matches() || !matcher.group(1).equals(LETTERS.get(i))) {
                items.get(i).problem("must start with the letter " + LETTERS.get(i) + ", as in \"" + LETTERS.get(i)
                        + " ...\"");
            } else {
                options.add(matcher.group(2).strip());
            }
        }
        return fields.build(() -> new ClarificationQuestion(question.strip(), options));
    }
}
