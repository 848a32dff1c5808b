package dev.keel.rules;

import dev.keel.core.ConfigurationException;
import dev.keel.core.spi.Embedding;

/**
 * Embeddings as unit vectors, so that cosine similarity is one dot product: what retrieval over thousands of
 * precomputed vectors needs per message. Pure and thread-safe.
 */
final class Vectors {

    private Vectors() {
    }

    /** {@code embedding} scaled to length 1 (the zero vector stays zero). */
    static float[] unit(Embedding embedding) {
        float[] vector = embedding.vector();
        double norm = 0;
        for (float value : vector) {
            norm += (double) value * value;
        }
        if (norm > 0) {
            float scale = (float) (1 / Math.sqrt(norm));
            for (int i = 0; i < vector.length; i++) {
                vector[i] *= scale;
            }
        }
        return vector;
    }

    /**
     * The dot product of two unit vectors: their cosine similarity.
     *
     * @throws ConfigurationException when their dimensions differ
     */
    static double similarity(float[] a, float[] b) {
        if (a.length != b.length) {
            throw new ConfigurationException("embeddings of different dimensions: " + a.length + " and " + b.length
                    + "; use one embedder for the rules and the messages");
        }
        double dot = 0;
        for (int i = 0; i < a.length; i++) {
            dot += a[i] * b[i];
        }
        return dot;
    }
}
