package dev.keel.policy;

import dev.keel.core.InvalidInputException;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Splits markdown into short passages; see {@link dev.keel.policy.GovernanceKnowledge} for the rules. Pure and
 * thread-safe.
 */
final class MarkdownPassages {

    /** Shortest maximum accepted: below it sentences would be cut into meaningless pieces. */
    public static final int MIN_MAX_LENGTH = 40;

    private static final Pattern HEADING = Pattern.compile("^ {0,3}(#{1,6})\\s+(.*?)\\s*#*\\s*$");
    private static final Pattern RULE = Pattern.compile("^ {0,3}([-*_])(?:\\s*\\1){2,}\\s*$");
    private static final Pattern FENCE = Pattern.compile("^ {0,3}(```|~~~)");
    private static final Pattern LIST_ITEM = Pattern.compile("^\\s*(?:[-*+]|\\d{1,9}[.)])\\s+");
    private static final Pattern SENTENCE_END = Pattern.compile("(?<=[.!?;:])\\s+");

    private MarkdownPassages() {
    }

    public static List<KnowledgePassage> split(String source, String markdown, int maxLength) {
        if (maxLength < MIN_MAX_LENGTH) {
            throw new InvalidInputException("invalid_passage_length",
                    "maxPassageLength must be at least " + MIN_MAX_LENGTH + ", was " + maxLength);
        }
        List<String> headings = new ArrayList<>();
        List<KnowledgePassage> passages = new ArrayList<>();
        List<String> block = new ArrayList<>();
        String fence = null;
        for (String line : markdown.split("\r\n|\r|\n", -1)) {
            if (fence != null) {
                block.add(line);
                if (line.strip().startsWith(fence)) {
                    fence = null;
                }
                continue;
            }
            Matcher fenceStart = FENCE.matcher(line);
            if (fenceStart.find()) {
                fence = fenceStart.group(1);
                block.add(line);
                continue;
            }
            Matcher heading = HEADING.matcher(line);
            if (heading.matches()) {
                flush(source, section(headings), block, maxLength, passages);
                int level = heading.group(1).length();
                while (headings.size() >= level) {
                    headings.remove(headings.size() - 1);
                }
                while (headings.size() < level - 1) {
                    headings.add("");
                }
                headings.add(heading.group(2));
            } else if (line.isBlank() || RULE.matcher(line).matches()) {
                flush(source, section(headings), block, maxLength, passages);
            } else {
                block.add(line);
            }
        }
        flush(source, section(headings), block, maxLength, passages);
        return passages;
    }

    private static String section(List<String> headings) {
        StringBuilder section = new StringBuilder();
        for (String heading : headings) {
            if (!heading.isEmpty()) {
                if (section.length() > 0) {
                    section.append(" > ");
                }
                section.append(heading);
            }
        }
        return section.toString();
    }

    private static void flush(String source, String section, List<String> block, int maxLength,
            List<KnowledgePassage> passages) {
        String text = String.join("\n", block).strip();
        block.clear();
        if (text.isEmpty()) {
            return;
        }
        for (String piece : pack(pieces(text, maxLength), maxLength)) {
            passages.add(new KnowledgePassage(passages.size(), source, section, piece));
        }
    }

    // List items first, then sentences, then words: the coarsest split that brings every piece under the maximum.
    private static List<String> pieces(String text, int maxLength) {
        List<String> pieces = new ArrayList<>();
        if (text.length() <= maxLength) {
            pieces.add(text);
            return pieces;
        }
        List<String> items = listItems(text);
        if (items.size() > 1) {
            for (String item : items) {
                pieces.addAll(pieces(item, maxLength));
            }
            return pieces;
        }
        String[] sentences = SENTENCE_END.split(text);
        if (sentences.length > 1) {
            for (String sentence : sentences) {
                pieces.addAll(pieces(sentence, maxLength));
            }
            return pieces;
        }
        String rest = text;
        while (rest.length() > maxLength) {
            int cut = rest.lastIndexOf(' ', maxLength);
            if (cut <= 0) {
                cut = maxLength;
            }
            pieces.add(rest.substring(0, cut).strip());
            rest = rest.substring(cut).strip();
        }
        if (!rest.isEmpty()) {
            pieces.add(rest);
        }
        return pieces;
    }

    private static List<String> listItems(String text) {
        List<String> items = new ArrayList<>();
        StringBuilder current = new StringBuilder();
        for (String line : text.split("\n")) {
            if (LIST_ITEM.matcher(line).lookingAt() && current.length() > 0) {
                items.add(current.toString().strip());
                current.setLength(0);
            }
            if (current.length() > 0) {
                current.append('\n');
            }
            current.append(line);
        }
        if (current.length() > 0) {
            items.add(current.toString().strip());
        }
        return items;
    }

    private static List<String> pack(List<String> pieces, int maxLength) {
        List<String> packed = new ArrayList<>();
        StringBuilder current = new StringBuilder();
        for (String piece : pieces) {
            if (current.length() > 0 && current.length() + 1 + piece.length() > maxLength) {
                packed.add(current.toString());
                current.setLength(0);
            }
            if (current.length() > 0) {
                current.append(LIST_ITEM.matcher(piece).lookingAt() ? '\n' : ' ');
            }
            current.append(piece);
        }
        if (current.length() > 0) {
            packed.add(current.toString());
        }
        return packed;
    }
}
