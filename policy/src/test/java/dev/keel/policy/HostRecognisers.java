package dev.keel.policy;

import com.google.re2j.Matcher;
import com.google.re2j.Pattern;
import dev.keel.core.text.NormalizedText;

/**
 * Recognisers a host could write, for the tests of policy and of the modules built on it: the IBAN of
 * docs/reading.md, with its ISO 13616 check, and a record number.
 */
public final class HostRecognisers {

    private HostRecognisers() {
    }

    /** International bank account numbers whose mod-97 check holds (ISO 13616), compact or in groups of four. */
    public static class Iban implements Recogniser {
        private static final Pattern IBAN = Pattern.compile("\\b[A-Z]{2}[0-9]{2}(?: ?[A-Z0-9]{4}){2,7}(?: ?[A-Z0-9]{1,3})?\\b");

        @Override
        public String kind() {
            return "iban";
        }

        @Override
        public void find(NormalizedText text, Spans spans) {
            Matcher matcher = IBAN.matcher(text.text());
            while (matcher.find()) {
                if (checksumHolds(matcher.group())) {
                    spans.span(matcher.start(), matcher.end());
                }
            }
        }

        @Override
        public int longestMatch() {
            return 34; // an IBAN has at most 34 characters besides its spaces
        }

        public static boolean checksumHolds(String iban) {
            String compact = iban.replace(" ", "");
            String rearranged = compact.substring(4) + compact.substring(0, 4);
            int remainder = 0;
            for (int i = 0; i < rearranged.length(); i++) {
                char c = rearranged.charAt(i);
                remainder = c <= '9' ? (remainder * 10 + (c - '0')) % 97 : (remainder * 100 + (c - 'A' + 10)) % 97;
            }
            return remainder == 1;
        }
    }

    /** A ward's medical record numbers: MRN and seven digits. */
    public static final class RecordNumber implements Recogniser {
        private static final Pattern MRN = Pattern.compile("(?i)\\bmrn[:#]?\\s*[0-9]{7}\\b");

        @Override
        public String kind() {
            return "record_number";
        }

        @Override
        public void find(NormalizedText text, Spans spans) {
            Matcher matcher = MRN.matcher(text.text());
            while (matcher.find()) {
                spans.span(matcher.start(), matcher.end());
            }
        }

        @Override
        public int longestMatch() {
            return 20;
        }
    }
}
