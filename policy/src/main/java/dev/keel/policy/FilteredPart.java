package dev.keel.policy;

import dev.keel.core.Decision;
import dev.keel.core.content.Part;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * The outcome of a filter on one {@link Part} (an {@link EgressFilter}, such as the outbound filter of
 * {@code keel-reading}): the part that may leave (of the same kind, with the same labels), or nothing under
 * {@code DENY}, and what was removed from it.
 *
 * <p>Each redaction names the string it was made in by a JSON pointer ({@link Redaction#pointer()}) into the part's
 * fields, with offsets within that string as it is held:
 * <ul>
 *   <li>{@link Part.Text} and {@link Part.Markdown}: pointer {@code ""}, offsets in the text or the Markdown
 *       source;</li>
 *   <li>{@link Part.Json}: the pointer of the string, number or member within the value ({@code ""} when the value
 *       itself is a string or a number);</li>
 *   <li>{@link Part.Attachment}: {@code /name}, {@code /url} or {@code /text};</li>
 *   <li>{@link Part.ToolCall}: {@code /arguments} followed by the pointer within the arguments (the call's id and
 *       tool name are identifiers the host dispatches on: they are kept as they are);</li>
 *   <li>{@link Part.ToolResult}: {@code /result} followed by the pointer within the result (its call id and tool
 *       name are kept).</li>
 * </ul>
 * A redaction in a member's name has {@link Redaction#inKey()} set; its pointer names that member. A number withheld
 * whole has offsets {@code 0} to the length of its JSON text. Under {@code DENY}, and when the part is larger than
 * the filter reads, the one redaction covers the whole part: pointer {@code ""}, offsets in its
 * {@link Part#rendered() rendering}.
 * A JSON value withheld for the {@link dev.keel.core.json.JsonBudget} when the part was made (the part holds the
 * budget's placeholder) is left as it is and reported as one redaction of the budget's code ({@code json_too_deep},
 * {@code json_too_large}): pointer {@code ""}, {@code /arguments} or {@code /result}, offsets {@code 0} to {@code 0}
 * and nothing removed (nothing of the value is left), the placeholder's JSON text as the replacement.
 *
 * <p>Immutable and thread-safe.
 *
 * @param decision   the decision the part was filtered for
 * @param part       the filtered part; null under {@code DENY} (nothing of it may leave)
 * @param redactions what was removed, in the order of the part's fields and, within a string, in text order
 */
public record FilteredPart(Decision decision, @Nullable Part part, List<Redaction> redactions) {

    public FilteredPart {
        Objects.requireNonNull(decision, "decision");
        redactions = List.copyOf(redactions);
    }

    /** The filtered part; empty when it was withheld whole ({@code DENY}). */
    public Optional<Part> kept() {
        return Optional.ofNullable(part);
    }

    /** True when nothing of the part may leave. */
    public boolean withheld() {
        return part == null;
    }

    /** True when something was removed. */
    public boolean redacted() {
        return !redactions.isEmpty();
    }
}
