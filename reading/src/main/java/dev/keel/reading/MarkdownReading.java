package dev.keel.reading;

import java.util.ArrayList;
import java.util.List;
import org.commonmark.node.Block;
import org.commonmark.node.Code;
import org.commonmark.node.FencedCodeBlock;
import org.commonmark.node.HardLineBreak;
import org.commonmark.node.HtmlBlock;
import org.commonmark.node.HtmlInline;
import org.commonmark.node.Image;
import org.commonmark.node.IndentedCodeBlock;
import org.commonmark.node.Link;
import org.commonmark.node.LinkReferenceDefinition;
import org.commonmark.node.Node;
import org.commonmark.node.SoftLineBreak;
import org.commonmark.node.SourceSpan;
import org.commonmark.node.Text;
import org.commonmark.parser.IncludeSourceSpans;
import org.commonmark.parser.Parser;
import org.jsoup.nodes.Element;
import org.jsoup.nodes.Range;
import org.jsoup.nodes.TextNode;
import org.jsoup.select.NodeTraversor;
import org.jsoup.select.NodeVisitor;

/**
 * Markdown read as rendered: what a reader of the rendered page sees, each character mapped back to the source.
 *
 * <p>The source is parsed by CommonMark's parser with the source spans of blocks and inlines. The rendered text is
 * made of the text-bearing inlines (text and code spans, and an image's description); emphasis markers, inline HTML
 * tags and comments contribute nothing, so {@code **fo**rty} and {@code fo<!-- -->rty} read "forty"; a soft or hard
 * line break reads as a line break and a block boundary as a blank line. An inline's text maps character by
 * character onto its source where they agree; where the literal differs from the source (a character reference, a
 * backslash escape) the differing middle maps to the whole stretch of source it comes from. An HTML block is read
 * as a browser shows it (jsoup, with source positions): its text nodes, a line break at block elements and
 * {@code <br>}, nothing of tags, comments, scripts or styles. Code blocks are shown as written: they add a block
 * boundary only, their text being read with the source. Link and image destinations and titles, and those of link
 * reference definitions, are read apart, each its own reading. Pure; thread-safe (the parser is).
 */
final class MarkdownReading {

    private static final Parser PARSER = Parser.builder().includeSourceSpans(IncludeSourceSpans.BLOCKS_AND_INLINES)
            .build();

    private final String source;
    private final Reading.Builder rendered;
    private final List<Reading> targets = new ArrayList<>();

    private MarkdownReading(String source) {
        this.source = source;
        this.rendered = new Reading.Builder(source, source.length());
    }

    /**
     * The rendered text of {@code source}, then each of its destinations and titles, one reading each. A
     * {@linkplain #isPlain plain} source is read without the parse, which would find in it nothing but paragraphs
     * of text.
     */
    static List<Reading> read(String source, Steps steps) {
        MarkdownReading reading = new MarkdownReading(source);
        if (isPlain(source)) {
            reading.paragraphs();
        } else {
            reading.walk(PARSER.parse(source));
        }
        List<Reading> all = reading.readings();
        long length = source.length();
        for (Reading read : all) {
            length += read.text().length();
        }
        steps.add(length);
        return all;
    }

    /** As {@link #read}, always through CommonMark's parse: what the reading of a plain source must equal. */
    static List<Reading> parsed(String source) {
        MarkdownReading reading = new MarkdownReading(source);
        reading.walk(PARSER.parse(source));
        return reading.readings();
    }

    /** The rendered text of {@code document}, CommonMark's parse of {@code source} with source spans. */
    static Reading rendered(String source, Node document) {
        MarkdownReading reading = new MarkdownReading(source);
        reading.walk(document);
        return reading.rendered.build();
    }

    /** CommonMark's parse of {@code source}, with the source spans of blocks and inlines. */
    static Node parse(String source) {
        return PARSER.parse(source);
    }

    private List<Reading> readings() {
        List<Reading> all = new ArrayList<>(1 + targets.size());
        all.add(rendered.build());
        all.addAll(targets);
        return all;
    }

    /**
     * Whether {@code source} has nothing CommonMark reads as syntax: no character that starts an inline construct
     * ({@code ` \ ! & < [ ] * _}), no control character but the line feed, and every line either empty or starting
     * with a letter or digit (not a list number: digits before {@code .} or {@code )}) and ending with no white space,
     * so that no line starts a block of its own, is indented, or breaks hard. Such a source parses to paragraphs of
     * its non-empty lines, each line one text, which {@link #paragraphs} reads as the parse would.
     */
    static boolean isPlain(String source) {
        boolean lineStart = true;
        for (int i = 0; i < source.length(); i++) {
            char c = source.charAt(i);
            switch (c) {
                case '`', '\\', '!', '&', '<', '[', ']', '*', '_':
                    return false;
                case '\n':
                    if (i > 0 && !lineStart && isWhiteSpace(source.charAt(i - 1))) {
                        return false;
                    }
                    lineStart = true;
                    continue;
                default:
                    if (Character.isISOControl(c) || lineStart && !startsParagraphLine(source, i)) {
                        return false;
                    }
                    lineStart = false;
            }
        }
        return source.isEmpty() || lineStart || !isWhiteSpace(source.charAt(source.length() - 1));
    }

    private static boolean startsParagraphLine(String source, int start) {
        char first = source.charAt(start);
        if (first >= '0' && first <= '9') {
            int end = start;
            while (end < source.length() && source.charAt(end) >= '0' && source.charAt(end) <= '9') {
                end++;
            }
            return end == source.length() || source.charAt(end) != '.' && source.charAt(end) != ')';
        }
        return Character.isLetterOrDigit(source.codePointAt(start));
    }

    private static boolean isWhiteSpace(char c) {
        return Character.isWhitespace(c) || Character.isSpaceChar(c);
    }

    /** A plain source read as the parse reads it: each run of non-empty lines a paragraph, its lines soft-broken. */
    private void paragraphs() {
        int lineStart = 0;
        boolean inParagraph = false;
        while (lineStart <= source.length()) {
            int newline = source.indexOf('\n', lineStart);
            int lineEnd = newline < 0 ? source.length() : newline;
            if (lineEnd == lineStart) {
                inParagraph = false;
            } else {
                if (inParagraph) {
                    rendered.appendUnwritten("\n");
                } else {
                    rendered.blankLine();
                    inParagraph = true;
                }
                rendered.appendSource(lineStart, lineEnd);
            }
            lineStart = lineEnd + 1;
        }
    }

    /** Visits the tree in document order without recursion: nesting as deep as the source has costs no stack. */
    private void walk(Node document) {
        Node node = document.getFirstChild();
        while (node != null) {
            Node child = enter(node) ? node.getFirstChild() : null;
            if (child != null) {
                node = child;
                continue;
            }
            while (node != null && node != document) {
                leave(node);
                Node next = node.getNext();
                if (next != null) {
                    node = next;
                    break;
                }
                node = node.getParent();
            }
            if (node == document) {
                node = null;
            }
        }
    }

    /** Reads what {@code node} shows by itself; true when its children are to be read. */
    private boolean enter(Node node) {
        if (node instanceof Block) {
            rendered.blankLine();
            if (node instanceof HtmlBlock html) {
                html(html);
                return false;
            }
            if (node instanceof LinkReferenceDefinition definition) {
                linkTargets(definition.getDestination(), definition.getTitle(), start(node), end(node));
                return false;
            }
            return !(node instanceof FencedCodeBlock || node instanceof IndentedCodeBlock);
        }
        if (node instanceof Text text) {
            literal(text.getLiteral(), start(node), end(node));
            return false;
        }
        if (node instanceof Code code) {
            code(code);
            return false;
        }
        if (node instanceof SoftLineBreak || node instanceof HardLineBreak) {
            rendered.appendUnwritten("\n");
            return false;
        }
        return !(node instanceof HtmlInline);
    }

    private void leave(Node node) {
        String destination = node instanceof Link link ? link.getDestination()
                : node instanceof Image image ? image.getDestination() : null;
        if (destination == null) {
            return;
        }
        String title = node instanceof Link link ? link.getTitle() : ((Image) node).getTitle();
        Node last = node.getLastChild();
        int tail = last == null ? start(node) + 1 : end(last);
        // Only an inline link writes its destination in its own source; a reference link's is read where it is
        // defined, and an autolink's is its text.
        if (tail >= 0 && source.startsWith("](", tail)) {
            linkTargets(destination, title, tail, end(node));
        }
    }

    /**
     * A link's destination and title, each its own reading, found within {@code start} to {@code end}: a target is
     * no text of the page, so none is read together with another, however close they are in the reading.
     */
    private void linkTargets(String destination, String title, int start, int end) {
        if (start < 0) {
            return;
        }
        int from = start;
        for (String target : new String[] {destination, title}) {
            if (target == null || target.isEmpty()) {
                continue;
            }
            Reading.Builder read = new Reading.Builder(source, target.length());
            int at = source.indexOf(target, from);
            if (at >= 0 && at + target.length() <= end) {
                read.appendSource(at, at + target.length());
                from = at + target.length();
            } else {
                read.append(target, from, end);
            }
            targets.add(read.build());
        }
    }

    /** A code span: its text is written between its backtick strings, less one space on each side when padded. */
    private void code(Code code) {
        String literal = code.getLiteral();
        int start = start(code);
        int end = end(code);
        if (start < 0) {
            return;
        }
        int ticks = start;
        while (ticks < end && source.charAt(ticks) == '`') {
            ticks++;
        }
        for (int at = ticks; at <= ticks + 1; at++) {
            if (at + literal.length() <= end && source.startsWith(literal, at)) {
                rendered.appendSource(at, at + literal.length());
                return;
            }
        }
        literal(literal, ticks, Math.max(ticks, end - (ticks - start)));
    }

    /**
     * {@code literal}, which comes from the source between {@code start} and {@code end}: character by character
     * where the two agree (before the first {@code &} or backslash, and after the last place they differ), the
     * middle from the whole stretch of source between.
     */
    private void literal(String literal, int start, int end) {
        literal(rendered, literal, start, end, source);
    }

    private static void literal(Reading.Builder out, String literal, int start, int end, String source) {
        if (start < 0) {
            out.appendUnwritten(literal);
            return;
        }
        int length = end - start;
        if (literal.length() == length && source.startsWith(literal, start)) {
            out.appendSource(start, end);
            return;
        }
        int prefix = 0;
        int limit = Math.min(literal.length(), length);
        while (prefix < limit && literal.charAt(prefix) == source.charAt(start + prefix)
                && literal.charAt(prefix) != '&' && literal.charAt(prefix) != '\\') {
            prefix++;
        }
        int suffix = 0;
        while (suffix < limit - prefix
                && literal.charAt(literal.length() - 1 - suffix) == source.charAt(end - 1 - suffix)) {
            suffix++;
        }
        out.appendSource(start, start + prefix);
        out.append(literal.substring(prefix, literal.length() - suffix), start + prefix, end - suffix);
        out.appendSource(end - suffix, end);
    }

    /**
     * An HTML block as a browser shows it. Its literal is its lines without the markers of the blocks around it; a
     * line that is its source span as written maps onto it character by character, another onto its whole span.
     */
    private void html(HtmlBlock block) {
        List<SourceSpan> spans = block.getSourceSpans();
        String literal = block.getLiteral();
        String[] lines = literal.split("\n", -1);
        Reading.Builder mapped = new Reading.Builder(source, literal.length());
        for (int i = 0; i < lines.length; i++) {
            if (i > 0) {
                mapped.appendUnwritten("\n");
            }
            if (i < spans.size()) {
                SourceSpan span = spans.get(i);
                literal(mapped, lines[i], span.getInputIndex(), span.getInputIndex() + span.getLength(), source);
            } else {
                literal(mapped, lines[i], start(block), end(block), source);
            }
        }
        Reading lineMap = mapped.build();
        org.jsoup.parser.Parser html = org.jsoup.parser.Parser.htmlParser().setTrackPosition(true);
        NodeTraversor.traverse(new NodeVisitor() {
            @Override
            public void head(org.jsoup.nodes.Node node, int depth) {
                if (node instanceof TextNode text) {
                    htmlText(text, lineMap);
                } else if (node instanceof Element element && (element.isBlock() || "br".equals(element.tagName()))) {
                    rendered.appendUnwritten("\n");
                }
            }

            @Override
            public void tail(org.jsoup.nodes.Node node, int depth) {
                if (node instanceof Element element && element.isBlock()) {
                    rendered.appendUnwritten("\n");
                }
            }
        }, html.parseInput(literal, ""));
    }

    /** A text node of an HTML block: mapped onto the block's literal by its source range, then onto the source. */
    private void htmlText(TextNode node, Reading lineMap) {
        String text = node.getWholeText();
        Range range = node.sourceRange();
        String literal = lineMap.text();
        Reading.Builder inLiteral = new Reading.Builder(literal, text.length());
        if (range.isTracked() && range.endPos() <= literal.length() && range.startPos() <= range.endPos()) {
            literal(inLiteral, text, range.startPos(), range.endPos(), literal);
        } else {
            inLiteral.append(text, 0, literal.length());
        }
        Reading read = inLiteral.build();
        for (int i = 0; i < text.length(); i++) {
            rendered.append(text.charAt(i), lineMap.sourceStart(read.sourceStart(i)), lineMap.sourceEnd(read.sourceEnd(i + 1)));
        }
    }

    private static int start(Node node) {
        List<SourceSpan> spans = node.getSourceSpans();
        return spans.isEmpty() ? -1 : spans.get(0).getInputIndex();
    }

    private static int end(Node node) {
        List<SourceSpan> spans = node.getSourceSpans();
        if (spans.isEmpty()) {
            return -1;
        }
        SourceSpan last = spans.get(spans.size() - 1);
        return last.getInputIndex() + last.getLength();
    }
}
