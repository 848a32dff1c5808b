package dev.keel.pipeline;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keel.core.spi.StreamHandle;

/** A governed turn, called or streamed; the answer either way, a streamed one checked against its chunks. */
enum CallMode {
    CALLED, STREAMED;

    GovernedAnswer run(Pipeline pipeline, GovernedRequest request) {
        if (this == CALLED) {
            return pipeline.call(request);
        }
        RecordingSink sink = new RecordingSink();
        pipeline.stream(request, sink, StreamHandle.create());
        assertThat(sink.answer()).as("the streamed answer").isNotNull();
        assertThat(sink.joined()).isEqualTo(sink.answer().text());
        return sink.answer();
    }
}
