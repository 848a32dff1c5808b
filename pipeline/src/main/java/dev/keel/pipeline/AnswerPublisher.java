package dev.keel.pipeline;

import dev.keel.core.InvalidInputException;
import dev.keel.core.KeelException;
import dev.keel.core.spi.StreamHandle;
import java.util.Objects;
import java.util.concurrent.Executor;
import java.util.concurrent.Flow;
import java.util.concurrent.RejectedExecutionException;

/**
 * {@link Pipeline#publisher}: each subscription runs one {@link Pipeline#stream} on the executor, once the subscriber
 * first requests, and hands its chunks and answer on as demand allows; while there is none, the call's thread waits,
 * and with it the model's stream. Thread-safe.
 */
final class AnswerPublisher implements Flow.Publisher<AnswerEvent> {

    private final Pipeline pipeline;
    private final GovernedRequest request;
    private final Executor executor;

    public AnswerPublisher(Pipeline pipeline, GovernedRequest request, Executor executor) {
        this.pipeline = Objects.requireNonNull(pipeline, "pipeline");
        this.request = Objects.requireNonNull(request, "request");
        this.executor = Objects.requireNonNull(executor, "executor");
    }

    @Override
    public void subscribe(Flow.Subscriber<? super AnswerEvent> subscriber) {
        Objects.requireNonNull(subscriber, "subscriber");
        Subscription subscription = new Subscription(subscriber);
        subscriber.onSubscribe(subscription);
    }

    /** One subscriber's call: its demand, its handle, and the sink that waits for demand. */
    private final class Subscription implements Flow.Subscription, AnswerSink {
        private final Flow.Subscriber<? super AnswerEvent> subscriber;
        private final StreamHandle handle = StreamHandle.create();
        private long demand;
        private boolean started;
        /** Set once the subscriber was told its last signal (or cancelled): nothing more reaches it. */
        private boolean done;

        Subscription(Flow.Subscriber<? super AnswerEvent> subscriber) {
            this.subscriber = subscriber;
            handle.onCancel(this::close);
        }

        @Override
        public void request(long n) {
            boolean start;
            synchronized (this) {
                if (done) {
                    return;
                }
                if (n <= 0) {
                    done = true;
                    start = false;
                } else {
                    demand = demand + n < 0 ? Long.MAX_VALUE : demand + n;
                    start = !started;
                    started = true;
                    notifyAll();
                }
            }
            if (n <= 0) {
                handle.cancel();
                // Rule 3.9 of Reactive Streams: the error a request that is not positive is signalled with.
                subscriber.onError(new InvalidInputException("a subscriber must request a positive number of"
                        + " items, requested " + n));
                return;
            }
            if (start) {
                try {
                    executor.execute(this::run);
                } catch (RejectedExecutionException rejected) {
                    synchronized (this) {
                        done = true;
                    }
                    subscriber.onError(rejected);
                }
            }
        }

        @Override
        public void cancel() {
            handle.cancel();
        }

        private synchronized void close() {
            done = true;
            notifyAll();
        }

        private void run() {
            try {
                pipeline.stream(request, this, handle);
            } catch (RuntimeException failure) {
                if (markDone()) {
                    subscriber.onError(failure);
                }
            }
        }

        @Override
        public void chunk(String text) {
            if (awaitDemand()) {
                subscriber.onNext(new AnswerEvent.Chunk(text));
            }
        }

        @Override
        public void complete(GovernedAnswer answer) {
            if (awaitDemand()) {
                subscriber.onNext(new AnswerEvent.Completed(answer));
                if (markDone()) {
                    subscriber.onComplete();
                }
            }
        }

        @Override
        public void fail(KeelException failure) {
            if (markDone()) {
                subscriber.onError(failure);
            }
        }

        /** Waits until the subscriber wants an item and takes one; false when it cancelled meanwhile. */
        private synchronized boolean awaitDemand() {
            while (demand == 0 && !done) {
                try {
                    wait();
                } catch (InterruptedException interrupted) {
                    Thread.currentThread().interrupt();
                    done = true;
                    handle.cancel();
                    return false;
                }
            }
            if (done) {
                return false;
            }
            demand--;
            return true;
        }

        /** Marks the subscription done; true when it was not already. */
        private synchronized boolean markDone() {
            if (done) {
                return false;
            }
            done = true;
            return true;
        }
    }
}
