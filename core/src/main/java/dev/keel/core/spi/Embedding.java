package dev.keel.core.spi;

import dev.keel.core.ConfigurationException;
import dev.keel.core.InvalidInputException;
import java.util.Arrays;

/**
 * A vector from an {@link Embedder}. Immutable (the array is copied in and out) and thread-safe.
 */
public final class Embedding {

    private final float[] vector;

    private Embedding(float[] vector) {
        this.vector = vector;
    }

    /** @throws InvalidInputException when {@code vector} is empty */
    public static Embedding of(float[] vector) {
        if (vector.length == 0) {
            throw new InvalidInputException("an embedding needs at least one dimension");
        }
        return new Embedding(vector.clone());
    }

    public int dimension() {
        return vector.length;
    }

    /** A copy of the vector. */
    public float[] vector() {
        return vector.clone();
    }

    /**
     * Cosine similarity in [-1, 1]; 0 when either vector is all zeros.
     *
     * @throws ConfigurationException when the dimensions differ: the two come from different embedders
     */
    public double cosineSimilarity(Embedding other) {
        if (other.vector.length != vector.length) {
            throw new ConfigurationException("dimensions differ: " + vector.length + " vs " + other.vector.length
                    + "; compare embeddings of one embedder");
        }
        double dot = 0;
        double normA = 0;
        double normB = 0;
        for (int i = 0; i < vector.length; i++) {
            dot += (double) vector[i] * other.vector[i];
            normA += (double) vector[i] * vector[i];
            normB += (double) other.vector[i] * other.vector[i];
        }
        return normA == 0 || normB == 0 ? 0 : dot / Math.sqrt(normA * normB);
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof Embedding && Arrays.equals(((Embedding) other).vector, vector);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(vector);
    }

    @Override
    public String toString() {
        return "Embedding{dimension=" + vector.length + "}";
    }
}
