package dev.keel.reading;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.commonmark.node.Code;
import org.commonmark.node.FencedCodeBlock;
import org.commonmark.node.HtmlBlock;
import org.commonmark.node.Image;
import org.commonmark.node.IndentedCodeBlock;
import org.commonmark.node.Link;
import org.commonmark.node.LinkReferenceDefinition;
import org.commonmark.node.Node;
import org.commonmark.node.SourceSpan;
import org.commonmark.node.Text;
import org.jspecify.annotations.Nullable;

/**
 * The start of a Markdown stream that later text cannot change: its top-level blocks that are finished, as
 * CommonMark parses its complete lines.
 *
 * <p>CommonMark builds blocks line by line, and a block is closed once a line neither continues it (a paragraph's
 * next line, a list's indented or next item, a fence's body) nor lies inside it; a closed block stays as it is. So
 * every top-level block but the last one of the complete lines is finished, and the last one (a paragraph that may
 * still turn into a heading, a list whose next item may come after blank lines, an open fence) is not. Read from the
 * start of a finished block, the rest of the text parses into the same blocks, each read as rendered as it is in the
 * whole text, with one exception: a reference link ({@code [x][ref]}) may be resolved by a definition written after
 * it. Hence a block in which a {@code ]} could close a link label (one in its text, outside code and inline links)
 * is not final: it and what follows it are held to the end. And once the text holds a definition, a block read from
 * a later start would miss it, so the stream is held to its end from then on ({@link #definitions()}).
 *
 * <p>Pure; immutable once made.
 */
final class MarkdownBlocks {

    // The line starts of the finished top-level blocks after the first, and of the last (open) block, up to the
    // first block that is not final: where text before is final.
    private final int[] starts;
    private final boolean definitions;
    // renderedBefore[p]: the visible characters of the rendered text that come from the source before p.
    private final int[] renderedBefore;

    private MarkdownBlocks(int[] starts, boolean definitions, int[] renderedBefore) {
        this.starts = starts;
        this.definitions = definitions;
        this.renderedBefore = renderedBefore;
    }

    /** The finished blocks of {@code run}'s complete lines (up to its last line feed). */
    static MarkdownBlocks of(String run, Steps steps) {
        String lines = run.substring(0, run.lastIndexOf('\n') + 1);
        steps.add(lines.length());
        Node document = MarkdownReading.parse(lines);
        List<Node> blocks = new ArrayList<>();
        for (Node block = document.getFirstChild(); block != null; block = block.getNext()) {
            blocks.add(block);
        }
        boolean definitions = false;
        int[] starts = new int[blocks.size()];
        int count = 0;
        boolean settled = true;
        for (int i = 0; i < blocks.size(); i++) {
            Node block = blocks.get(i);
            int start = lineStart(lines, block);
            if (i > 0 && settled && start >= 0) {
                starts[count++] = start;
            }
            definitions |= holdsDefinition(block);
            // The last block is open: whether it is final is known once it is finished.
            settled &= start >= 0 && i < blocks.size() - 1 && isFinal(lines, block);
        }
        return new MarkdownBlocks(Arrays.copyOf(starts, count), definitions, renderedBefore(lines, document, steps));
    }

    /** Whether the text holds a link reference definition: the stream is held to its end. */
    boolean definitions() {
        return definitions;
    }

    /** The places before which all is final, ascending. */
    int[] starts() {
        return starts;
    }

    /** The last place before which all is final, or 0. */
    int finalEnd() {
        return starts.length == 0 ? 0 : starts[starts.length - 1];
    }

    /** The visible characters of the rendered text between {@code from} and {@code to} of the source. */
    int renderedVisible(int from, int to) {
        int last = renderedBefore.length - 1;
        return renderedBefore[Math.min(to, last)] - renderedBefore[Math.min(from, last)];
    }

    private static int[] renderedBefore(String lines, Node document, Steps steps) {
        Reading rendered = MarkdownReading.rendered(lines, document);
        String text = rendered.text();
        steps.add(text.length());
        int[] before = new int[lines.length() + 2];
        for (int i = 0; i < text.length(); i++) {
            if (WindowedStreamingFilter.isVisible(text.charAt(i))) {
                before[Math.min(rendered.sourceStart(i), lines.length()) + 1]++;
            }
        }
        for (int p = 1; p < before.length; p++) {
            before[p] += before[p - 1];
        }
        return before;
    }

    /** Where the line of {@code block}'s first source span starts; -1 when it has none. */
    private static int lineStart(String lines, Node block) {
        List<SourceSpan> spans = block.getSourceSpans();
        if (spans.isEmpty()) {
            return -1;
        }
        int at = spans.get(0).getInputIndex();
        return at == 0 ? 0 : lines.lastIndexOf('\n', at - 1) + 1;
    }

    /**
     * Whether no later definition can change {@code block}: every {@code ]} in its source is in a code block, an
     * HTML block, a code span, or an inline link or image outside its text, which no label can take.
     */
    private static boolean isFinal(String lines, Node block) {
        int from = spanStart(block);
        int to = spanEnd(block);
        if (from < 0 || lines.indexOf(']', from) < 0 || lines.indexOf(']', from) >= to) {
            return from >= 0;
        }
        boolean[] taken = new boolean[to - from];
        for (@Nullable Node node = block; node != null; node = next(node, block)) {
            if (node instanceof Text text && text.getLiteral().indexOf(']') >= 0) {
                return false;
            }
            if (node instanceof FencedCodeBlock || node instanceof IndentedCodeBlock || node instanceof HtmlBlock
                    || node instanceof Code || node instanceof Link || node instanceof Image) {
                int start = spanStart(node);
                int end = spanEnd(node);
                if (start >= 0) {
                    Arrays.fill(taken, Math.max(start, from) - from, Math.min(end, to) - from, true);
                }
            }
        }
        for (int i = from; i < to; i++) {
            if (lines.charAt(i) == ']' && !taken[i - from]) {
                return false;
            }
        }
        return true;
    }

    private static boolean holdsDefinition(Node block) {
        for (@Nullable Node node = block; node != null; node = next(node, block)) {
            if (node instanceof LinkReferenceDefinition) {
                return true;
            }
        }
        return false;
    }

    /** The node after {@code node} in document order within {@code root}, or null: no recursion, so no depth limit. */
    private static @Nullable Node next(Node node, Node root) {
        if (node.getFirstChild() != null) {
            return node.getFirstChild();
        }
        for (Node at = node; at != null && at != root; at = at.getParent()) {
            if (at.getNext() != null) {
                return at.getNext();
            }
        }
        return null;
    }

    private static int spanStart(Node node) {
        List<SourceSpan> spans = node.getSourceSpans();
        return spans.isEmpty() ? -1 : spans.get(0).getInputIndex();
    }

    private static int spanEnd(Node node) {
        List<SourceSpan> spans = node.getSourceSpans();
        if (spans.isEmpty()) {
            return -1;
        }
        SourceSpan last = spans.get(spans.size() - 1);
        return last.getInputIndex() + last.getLength();
    }
}
