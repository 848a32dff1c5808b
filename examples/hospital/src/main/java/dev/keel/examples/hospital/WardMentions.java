package dev.keel.examples.hospital;

import dev.keel.core.text.NormalizedText;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What a message names of the ward: beds ({@code L-03}, {@code bed 3}) that exist, eight-digit numbers (record
 * numbers on this ward, however written), and whether it asks who is somewhere. Read on the message as a reader
 * sees it (character references decoded, invisible characters and accents removed, full-width digits made ASCII),
 * so that no spelling hides a reference. Immutable and thread-safe.
 *
 * @param beds    the beds named, as the ward writes them, in order of first mention
 * @param mrns    the record numbers named, as eight digits, in order of first mention
 * @param askedWho whether the message asks who, whom or whose
 */
public record WardMentions(List<String> beds, List<String> mrns, boolean askedWho) {

    private static final Pattern BED = Pattern.compile(
            "(?i)(?<![\\p{L}\\p{N}])(?:l[\\s-]?|bed\\s+)0?(\\d{1,2})(?!\\p{N})");
    private static final Pattern MRN = Pattern.compile("(?<!\\p{N})(\\d{4})[\\s.-]?(\\d{4})(?!\\p{N})");
    private static final Pattern WHO = Pattern.compile("(?i)(?<!\\p{L})(?:who|whom|whose)(?!\\p{L})");

    public WardMentions {
        beds = List.copyOf(beds);
        mrns = List.copyOf(mrns);
    }

    /** What {@code message} names of the ward whose records are {@code records}. */
    public static WardMentions in(String message, WardRecords records) {
        String text = NormalizedText.ofMarkup(message).text();
        List<String> beds = new ArrayList<>();
        Matcher bed = BED.matcher(text);
        while (bed.find()) {
            String id = String.format(Locale.ROOT, "L-%02d", Integer.parseInt(bed.group(1)));
            if (!beds.contains(id) && records.beds().stream().anyMatch(b -> b.bed().equals(id))) {
                beds.add(id);
            }
        }
        List<String> mrns = new ArrayList<>();
        Matcher mrn = MRN.matcher(text);
        while (mrn.find()) {
            String number = mrn.group(1) + mrn.group(2);
            if (!mrns.contains(number)) {
                mrns.add(number);
            }
        }
        return new WardMentions(beds, mrns, WHO.matcher(text).find());
    }

    /** Everything named, beds then record numbers. */
    public List<String> all() {
        List<String> all = new ArrayList<>(beds);
        all.addAll(mrns);
        return all;
    }
}
