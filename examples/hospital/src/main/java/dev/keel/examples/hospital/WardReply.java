package dev.keel.examples.hospital;

import java.util.List;

/**
 * An answer that keeps the ward's answer contract ({@code schema/ward-answer.schema.json}). Immutable and
 * thread-safe.
 *
 * @param answer  the answer to the question
 * @param records the ids of the ward records it rests on, as the prompt gives them
 */
record WardReply(String answer, List<String> records) {

    WardReply {
        records = List.copyOf(records);
    }
}
